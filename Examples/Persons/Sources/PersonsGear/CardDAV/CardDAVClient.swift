import Foundation
import Logging

/// An address book on a CardDAV server (RFC 6352), through the network service: cards created,
/// changed and deleted on the condition of their ETags, the changes since a sync token
/// (`sync-collection`, RFC 6578), every card's ETag (`PROPFIND`, depth 1), and cards by address
/// (`addressbook-multiget`). Each call asks the server once (a multiget once per batch); a
/// redirect is refused, never followed. Every address an answer names is checked to be a card of
/// this collection.
///
/// ```swift
/// let client = CardDAVClient(account: account)
/// let etag = try await client.create(named: "p1.vcf", card: card.serialized)
/// let changes = try await client.changes(since: nil)
/// ```
public struct CardDAVClient: Sendable {
    /// A card's address (a path of the collection, percent-encoded), its ETag and its size.
    public struct CardTag: Equatable, Sendable {
        /// The card's path.
        public let href: String
        /// Its ETag, as the server wrote it, if HTTP can carry it.
        public let etag: String?
        /// Its size in octets, if the server said.
        public var length: Int? = nil
        /// Whether the server gave an ETag HTTP cannot carry (see ``DAVMultistatus/isCarriable(_:)``).
        public var hasUnusableTag = false
    }

    /// A card read: its address, ETag and text; or that it could not be read (larger than
    /// ``DAVMultistatus/largestCard``, or an answer XML cannot hold).
    public struct Card: Equatable, Sendable {
        /// The card's path.
        public let href: String
        /// Its ETag, if HTTP can carry it.
        public let etag: String?
        /// Its text; `nil` when it could not be read.
        public let text: String?
        /// Whether the server gave an ETag HTTP cannot carry.
        public var hasUnusableTag = false
    }

    /// What changed since a sync token.
    public struct Changes: Equatable, Sendable {
        /// The token to ask from next time; `nil` when the server gave one HTTP cannot carry
        /// (then the next pull asks for everything).
        public let token: String?
        /// The cards added or changed.
        public let changed: [CardTag]
        /// The paths of the cards deleted.
        public let deleted: [String]
    }

    /// What an address's resource is, as its `resourcetype` says.
    public enum Kind: Equatable, Sendable {
        /// An address book (CardDAV's `addressbook`), with its `displayname`, if it has one.
        case addressBook(name: String?)
        /// A calendar (CalDAV's `calendar`).
        case calendar
        /// Another collection: the server's root, an account's home, a folder.
        case otherCollection
        /// No collection at all: a file.
        case notACollection
    }

    /// The account.
    public let account: CardDAVAccount
    private let transport: any HTTPTransport
    private let timeout: Duration
    private let retry: RetryPolicy
    private let logger: Logger

    /// How often a request a busy server refused (``HTTPOutcome/isBusy``) is asked in all, and
    /// how long between: a few seconds at most, so that an exchange never waits minutes on one.
    public static let busyRetry = {
        var policy = RetryPolicy(attempts: 3, firstDelay: .seconds(1), maximumDelay: .seconds(4))
        policy.longestRequestedWait = .seconds(10)
        return policy
    }()

    /// A client of `account`'s address book, each request answered within `timeout`, and asked
    /// again as `retry` says while the server is busy.
    public init(
        account: CardDAVAccount,
        transport: any HTTPTransport = AsyncHTTPTransport(client: AsyncHTTPTransport.unredirected),
        timeout: Duration = .seconds(30), retry: RetryPolicy = CardDAVClient.busyRetry,
        logger: Logger = Logger(label: "pure.gear.carddav")
    ) {
        self.account = account
        self.transport = transport
        self.timeout = timeout
        self.retry = retry
        self.logger = logger
    }

    /// What the collection is (a `PROPFIND` of depth 0): whether it is an address book, before
    /// anything is written to it.
    public func kind() async throws(CardDAVFailure) -> Kind {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:displayname/></d:prop></d:propfind>
            """
        let answer = try await multistatus(.propfind, account.collection, depth: "0", body: body)
        let own = account.collection.path(percentEncoded: true)
        guard let item = answer.items.first(where: { (try? path($0.href)) == own }) ?? answer.items.first else {
            throw .unreadable("a PROPFIND of the collection without its own response")
        }
        if item.isAddressBook { return .addressBook(name: item.displayName) }
        if item.isCalendar { return .calendar }
        return item.isCollection ? .otherCollection : .notACollection
    }

    /// Creates the card `name` (such as `p1.vcf`) unless one is there (`If-None-Match: *`);
    /// returns its ETag, if the server gave one.
    public func create(named name: String, card: String) async throws(CardDAVFailure) -> String? {
        try await create(at: href(named: name), card: card)
    }

    /// Creates the card at `href`, a path of the collection, unless one is there
    /// (`If-None-Match: *`); returns its ETag, if the server gave one.
    public func create(at href: String, card: String) async throws(CardDAVFailure) -> String? {
        try await put(href, card, condition: ("If-None-Match", "*"))
    }

    /// The path of the card named `name` (such as `p1.vcf`) in the collection, percent-encoded.
    public func href(named name: String) -> String {
        account.collection.path(percentEncoded: true) + Self.segment(name)
    }

    /// Replaces the card at `href` if its ETag is still `etag`; returns the new ETag, if given.
    public func update(_ href: String, card: String, etag: String) async throws(CardDAVFailure) -> String? {
        try await put(href, card, condition: ("If-Match", etag))
    }

    /// Deletes the card at `href` if its ETag is still `etag`.
    public func delete(_ href: String, etag: String) async throws(CardDAVFailure) {
        _ = try await send(.delete, try url(href), headers: [("If-Match", etag)])
    }

    /// What changed since `token` (everything, for `nil`): a `sync-collection` report. `nil` when
    /// the server refuses the token (RFC 6578 says 403; Xandikos answers 412, others 409 or 400)
    /// or keeps no sync tokens (405, 501): compare ``tags()`` then.
    public func changes(since token: String?) async throws(CardDAVFailure) -> Changes? {
        do {
            return try await syncCollection(since: token)
        } catch {
            switch error {
            case .refused(.forbidden), .refused(.conflict), .refused(.preconditionFailed), .refused(.notSupported),
                .refused(.refused(status: 400)):
                logger.notice("\(account.collection) refused the sync token: comparing every card's ETag instead")
                return nil
            default: throw error
            }
        }
    }

    private func syncCollection(since token: String?) async throws(CardDAVFailure) -> Changes {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(Self.xmlEscaped(token ?? ""))</d:sync-token>\
            <d:sync-level>1</d:sync-level><d:prop><d:getetag/><d:getcontentlength/></d:prop></d:sync-collection>
            """
        let answer = try await multistatus(.report, account.collection, depth: nil, body: body)
        if answer.hasUnusableToken {
            logger.warning("\(account.collection) sent a sync token HTTP cannot carry: not kept")
        } else if (answer.syncToken ?? "").isEmpty {
            throw .unreadable("a sync-collection without a token")
        }
        let next = answer.syncToken
        var changed: [CardTag] = []
        var deleted: [String] = []
        for item in answer.items {
            let href = try path(item.href)
            guard href != account.collection.path(percentEncoded: true) else { continue }
            if item.status == .notFound {
                deleted.append(href)
            } else if item.status.isSuccess, !item.isCollection {
                changed.append(Self.tag(href, item))
            }
        }
        return Changes(token: next, changed: changed, deleted: deleted)
    }

    /// Every card's address and ETag: a `PROPFIND` of depth 1.
    public func tags() async throws(CardDAVFailure) -> [CardTag] {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:"><d:prop><d:getetag/><d:getcontentlength/><d:resourcetype/></d:prop>\
            </d:propfind>
            """
        let answer = try await multistatus(.propfind, account.collection, depth: "1", body: body)
        var tags: [CardTag] = []
        for item in answer.items {
            let href = try path(item.href)
            guard href != account.collection.path(percentEncoded: true), !item.isCollection, item.status.isSuccess
            else { continue }
            tags.append(Self.tag(href, item))
        }
        return tags
    }

    /// The tag of the card at `href`, as `item` has it.
    private static func tag(_ href: String, _ item: DAVMultistatus.Item) -> CardTag {
        CardTag(href: href, etag: item.etag, length: item.contentLength, hasUnusableTag: item.hasUnusableTag)
    }

    /// The cards at `hrefs`, in as few `addressbook-multiget`s as their sizes allow: a batch
    /// holds at most `batch` cards and, by the sizes the listing gave (`sizes`, by href; a card
    /// whose size it did not give counts as ``unlistedCardOctets``), at most `octets` of them. A
    /// book of small cards comes in one request per thousand, as vdirsyncer reads it; a book of
    /// photos, in batches of about a megabyte. A card the server no longer has is left out. Each
    /// answer is read no further than ``largestAnswer(cards:)``: a batch whose answer is larger
    /// (a card of many megabytes among them, whose size the listing did not give), or cannot be
    /// read, is asked again in halves, down to one card, which then comes back without its text;
    /// the others are read. So no card is downloaded much past ``DAVMultistatus/largestCard``,
    /// whatever its size.
    ///
    /// ```swift
    /// let tags = try await client.tags()
    /// let cards = try await client.cards(tags.map(\.href), sizes: CardDAVClient.sizes(of: tags))
    /// ```
    public func cards(
        _ hrefs: [String], sizes: [String: Int] = [:], batch: Int = 1_000, octets: Int = 1 << 20
    ) async throws(CardDAVFailure) -> [Card] {
        var cards: [Card] = []
        var next: [String] = []
        var held = 0
        for href in hrefs {
            let size = sizes[href] ?? Self.unlistedCardOctets
            if !next.isEmpty, next.count >= batch || held + size > octets {
                cards += try await read(next)
                (next, held) = ([], 0)
            }
            next.append(href)
            held += size
        }
        return cards + (try await read(next))
    }

    /// What a card whose size the listing did not give counts for in a batch: a card without a
    /// photo (Radicale's `sync-collection` gives no sizes). A batch of such cards that turns out
    /// larger is still read no further than ``largestAnswer(cards:)``, and halved past it.
    public static let unlistedCardOctets = 1 << 10

    /// The sizes `tags` give, by href, for ``cards(_:sizes:batch:octets:)``.
    public static func sizes(of tags: [CardTag]) -> [String: Int] {
        Dictionary(tags.compactMap { tag in tag.length.map { (tag.href, $0) } }, uniquingKeysWith: max)
    }

    /// The most octets of a multiget's answer for `cards` cards that are read: room for one card
    /// as large as the app reads, and 64 KiB for each of the others.
    public static func largestAnswer(cards: Int) -> Int {
        DAVMultistatus.largestCard + (16 << 10) + max(cards - 1, 0) * (64 << 10)
    }

    /// The cards at `hrefs`, one multiget, or halves of it when its answer cannot be read.
    private func read(_ hrefs: [String]) async throws(CardDAVFailure) -> [Card] {
        guard !hrefs.isEmpty else { return [] }
        do {
            return try await multiget(hrefs)
        } catch .unreadable(let detail) {
            guard hrefs.count > 1 else {
                logger.notice("the card \(hrefs[0]) could not be read (\(detail)): left out")
                return [Card(href: try path(hrefs[0]), etag: nil, text: nil)]
            }
            logger.notice("a batch of \(hrefs.count) cards could not be read (\(detail)): reading it in halves")
            let half = hrefs.count / 2
            return try await read(Array(hrefs[..<half])) + read(Array(hrefs[half...]))
        }
    }

    private func multiget(_ hrefs: [String]) async throws(CardDAVFailure) -> [Card] {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">\
            <d:prop><d:getetag/><c:address-data/></d:prop>\
            \(hrefs.map { "<d:href>\(Self.xmlEscaped($0))</d:href>" }.joined())</c:addressbook-multiget>
            """
        let answer = try await multistatus(
            .report, account.collection, depth: "1", body: body, largestAnswer: Self.largestAnswer(cards: hrefs.count))
        var cards: [Card] = []
        for item in answer.items where item.status.isSuccess {
            let href = try path(item.href)
            guard item.card != nil || item.isCardTooLarge else { continue }
            cards.append(Card(href: href, etag: item.etag, text: item.card, hasUnusableTag: item.hasUnusableTag))
        }
        return cards
    }

    // MARK: - The requests

    private func put(
        _ href: String, _ card: String, condition: (String, String)
    ) async throws(CardDAVFailure)
        -> String?
    {
        let reply = try await send(
            .put, try url(href), headers: [("Content-Type", "text/vcard; charset=utf-8"), condition],
            body: Data(card.utf8))
        return reply.header("ETag").flatMap { DAVMultistatus.isCarriable($0) ? $0 : nil }
    }

    /// The properties `props` (XML elements, their namespaces declared as `d`, DAV:, and `c`,
    /// CardDAV) of `url` and, at depth 1, of its members: a `PROPFIND` sent with the account's
    /// credentials, so only to an address its server named.
    func properties(of url: URL, depth: String, props: String) async throws(CardDAVFailure) -> DAVMultistatus {
        try await multistatus(.propfind, url, depth: depth, body: Self.propfind(props))
    }

    /// The reply to one `PROPFIND` of `url`'s properties `props`, whatever its status: a redirect
    /// is the caller's to follow.
    func reply(propfinding url: URL, props: String) async throws(CardDAVFailure) -> HTTPReply {
        try await sendOnce(
            .propfind, url, headers: [("Content-Type", "application/xml; charset=utf-8"), ("Depth", "0")],
            body: Data(Self.propfind(props).utf8))
    }

    /// A `PROPFIND` body asking for `props`.
    private static func propfind(_ props: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop>\(props)</d:prop></d:propfind>
        """
    }

    private func multistatus(
        _ method: HTTPRequest.Method, _ url: URL, depth: String?, body: String, largestAnswer: Int? = nil
    ) async throws(CardDAVFailure) -> DAVMultistatus {
        var headers = [("Content-Type", "application/xml; charset=utf-8")]
        if let depth { headers.append(("Depth", depth)) }
        let reply = try await send(method, url, headers: headers, body: Data(body.utf8), largestAnswer: largestAnswer)
        guard HTTPOutcome(reply) == .multiStatus else {
            logger.warning("\(method.rawValue) \(url) answered HTTP \(reply.status), not a multistatus")
            throw .unreadable("HTTP \(reply.status) where a multistatus was expected")
        }
        do {
            return try DAVMultistatus(parsing: reply.body)
        } catch {
            logger.warning("\(method.rawValue) \(url): unreadable multistatus (\(error))")
            throw .unreadable(String(describing: error))
        }
    }

    /// Sends a request; anything but a success is a failure, named by its outcome. A server busy
    /// for a moment (``HTTPOutcome/isBusy``: Xandikos answers 423 while it writes) is asked again,
    /// after the wait its `Retry-After` asks for (up to the policy's longest) or the policy's
    /// backoff: every request here is safe to repeat, as a busy server did not carry it out, and
    /// each write is conditional on an ETag.
    private func send(
        _ method: HTTPRequest.Method, _ url: URL, headers: [(name: String, value: String)], body: Data? = nil,
        largestAnswer: Int? = nil
    ) async throws(CardDAVFailure) -> HTTPReply {
        var attempt = 1
        while true {
            let reply = try await sendOnce(method, url, headers: headers, body: body, largestAnswer: largestAnswer)
            let outcome = HTTPOutcome(reply)
            if outcome.isSuccess { return reply }
            guard outcome.isBusy, attempt < retry.attempts else {
                logger.notice("\(method.rawValue) \(url) answered HTTP \(reply.status)")
                throw .refused(outcome)
            }
            let wait = retry.wait(afterAttempt: attempt, requested: reply.retryAfter)
            logger.notice("\(method.rawValue) \(url) answered HTTP \(reply.status): asking again in \(wait)")
            do {
                try await Task.sleep(for: wait)
            } catch {
                throw .refused(outcome)
            }
            attempt += 1
        }
    }

    /// Sends one request and returns the server's reply, whatever its status; an answer larger
    /// than `largestAnswer` octets is not read further (``CardDAVFailure/unreadable(_:)``).
    private func sendOnce(
        _ method: HTTPRequest.Method, _ url: URL, headers: [(name: String, value: String)], body: Data?,
        largestAnswer: Int? = nil
    ) async throws(CardDAVFailure) -> HTTPReply {
        var all = headers
        if let authorization = account.authorization { all.append(authorization) }
        let reply: HTTPReply
        do {
            reply = try await transport.send(
                HTTPRequest(method, url, headers: all, body: body, largestAnswer: largestAnswer), timeout: timeout)
        } catch HTTPFailure.timedOut {
            logger.warning("\(method.rawValue) \(url): no answer within \(timeout)")
            throw .timedOut
        } catch HTTPFailure.tooLarge(let limit) {
            logger.warning("\(method.rawValue) \(url): an answer larger than \(limit) octets, not read")
            throw .unreadable("an answer larger than \(limit) octets")
        } catch {
            logger.warning("\(method.rawValue) \(url): \(error)")
            throw .unreachable(String(describing: error))
        }
        return reply
    }

    // MARK: - Addresses

    /// The address of the card at `href`, a path of the collection.
    private func url(_ href: String) throws(CardDAVFailure) -> URL {
        guard let url = URL(string: try path(href), relativeTo: account.collection)?.absoluteURL else {
            throw .outside(href)
        }
        return url
    }

    /// `href` (a path, or an absolute address) as a percent-encoded path of the collection, or
    /// ``CardDAVFailure/outside(_:)`` when it names another scheme, host or port, or a path
    /// outside the collection (`..` resolved first).
    func path(_ href: String) throws(CardDAVFailure) -> String {
        let collection = account.collection
        guard href.utf8.count <= 2_048, !href.contains(where: { $0.isWhitespace || $0 == "\\" }),
            let resolved = URL(string: href, relativeTo: collection)?.absoluteURL.standardized,
            resolved.scheme?.lowercased() == collection.scheme?.lowercased(),
            resolved.host?.lowercased() == collection.host?.lowercased(), resolved.port == collection.port,
            resolved.query == nil, resolved.fragment == nil
        else { throw .outside(href) }
        let path = resolved.path(percentEncoded: true)
        let base = collection.path(percentEncoded: true)
        guard path == base || (path.hasPrefix(base) && !path.dropFirst(base.count).contains("/")) else {
            throw .outside(href)
        }
        return path
    }

    /// `name` as one path segment, percent-encoded.
    static func segment(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~@")))
            ?? ""
    }

    /// `text` with XML's special characters escaped, each wherever it is: by Unicode scalar, since
    /// a search by character finds no `<` in `<` followed by a combining mark (one character).
    static func xmlEscaped(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
