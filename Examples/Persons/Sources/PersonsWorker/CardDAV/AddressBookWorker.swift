import Foundation
import Logging
import Persons
import PersonsGear

/// The address book worker: people as cards on a CardDAV server, through the gear's client. A
/// card's name comes from the person's id (``name(_:)``), which its `UID` holds; every failure is
/// logged with its detail and becomes one message for the user: a refusal of one card alone
/// ``Fizzle/cardRefused(_:reason:)``, so that the exchange sets that person aside and goes on.
///
/// ```swift
/// let book = try AddressBookWorker(address: "http://127.0.0.1:5232/ada/book/", user: "ada", password: secret)
/// try await book.probe()
/// let card = try await book.create(person)
/// ```
public struct AddressBookWorker: AddressBookWork {
    private let client: CardDAVClient
    private let transport: (any HTTPTransport)?
    private let timeout: Duration
    private let logger: Logger

    /// A worker on the address book at `address`; ``Fizzle/invalidURL(_:)`` for anything but an
    /// http(s) collection address.
    public init(
        address: String, user: String?, password: String?, timeout: Duration = .seconds(30),
        transport: (any HTTPTransport)? = nil, logger: Logger = Logger(label: "pure.worker.carddav")
    ) throws(Fizzle) {
        let account: CardDAVAccount
        do {
            account = try CardDAVAccount(address: address, user: user, password: password)
        } catch {
            throw .invalidURL(address)
        }
        self.init(account: account, timeout: timeout, transport: transport, logger: logger)
    }

    private init(account: CardDAVAccount, timeout: Duration, transport: (any HTTPTransport)?, logger: Logger) {
        client =
            transport.map { CardDAVClient(account: account, transport: $0, timeout: timeout, logger: logger) }
            ?? CardDAVClient(account: account, timeout: timeout, logger: logger)
        self.transport = transport
        self.timeout = timeout
        self.logger = logger
    }

    /// A worker on the account's address book at `address`, with the same user, password,
    /// transport and time limit.
    public func book(at address: String) throws(Fizzle) -> any AddressBookWork {
        do {
            return Self(
                account: try client.account.moved(to: address), timeout: timeout, transport: transport, logger: logger)
        } catch {
            throw .invalidURL(address)
        }
    }

    /// The collection's address.
    public var collection: String { client.account.collection.absoluteString }

    /// The address books of this account, found from its address taken as the server's
    /// (``PersonsGear/CardDAVDiscovery``); a failure is the user's message, its detail in the log.
    public func findBooks() async throws(Fizzle) -> FoundAddressBooks {
        do throws(CardDAVFailure) {
            let found = try await CardDAVDiscovery(client: client).books()
            return FoundAddressBooks(
                books: found.books.map { book in
                    FoundAddressBooks.Book(address: book.address.absoluteString, name: book.name, cards: book.cards)
                },
                notes: found.notes)
        } catch {
            logger.error("finding the address books from \(collection): \(error)")
            throw fizzle(error, id: nil)
        }
    }

    /// Checks that the collection is an address book this user may read, saying what it is
    /// otherwise; returns its name (`displayname`), if it has one.
    public func probe() async throws(Fizzle) -> String? {
        let kind: CardDAVClient.Kind
        do {
            kind = try await client.kind()
        } catch .refused(.notFound) {
            throw .notAnAddressBook("There is nothing at the address given: the server has no such page.")
        } catch .refused(.notSupported) {
            throw .notAnAddressBook("The server keeps no address books at the address given.")
        } catch {
            logger.error("address book \(collection): \(error)")
            throw fizzle(error, id: nil)
        }
        switch kind {
        case .addressBook(let name): return name
        case .calendar:
            throw .notAnAddressBook("The address given is a calendar, not an address book.")
        case .otherCollection,
            // Xandikos answers its root as no collection at all: the root is still the server's.
            .notACollection where client.account.collection.path(percentEncoded: true) == "/":
            throw .notAnAddressBook(
                "The address given is a folder of the server (its root, or an account's), not an address book.",
                isFolder: true)
        case .notACollection:
            throw .notAnAddressBook("The address given is a file, not an address book.")
        }
    }

    /// Creates the card of `person`, unless one is where it goes: a new vCard 3.0 at its name
    /// (``name(_:)``); or the card they had, `returning`, at its address, its bytes as they were
    /// but for the values that differ from what it holds.
    public func create(_ person: Person, returning: AddressCard?) async throws(Fizzle) -> AddressCard {
        var card = VCard(person)
        if let returning, let theirs = try? VCard(parsing: returning.text) {
            card = theirs
            card.update(from: self.person(in: returning), to: person)
        }
        let text = card.serialized
        let href = returning?.href ?? href(person.id)
        let etag = try await asking(person.id) { () throws(CardDAVFailure) in
            try await client.create(at: href, card: text)
        }
        return AddressCard(href: href, etag: etag, text: text)
    }

    /// Writes `person` over `card` on its ETag (read first when the server gave none): only the
    /// lines of the fields that differ from what the card holds change; every other line stays
    /// as the server sent it.
    public func update(_ person: Person, over card: AddressCard) async throws(Fizzle) -> AddressCard {
        var written = VCard(person)
        if let theirs = try? VCard(parsing: card.text) {
            written = theirs
            written.update(from: self.person(in: card), to: person)
        }
        let text = written.serialized
        // Nothing of the card changes: nothing is sent.
        if text == card.text, card.etag != nil { return card }
        let etag = try await etag(of: card, id: person.id)
        let next = try await asking(person.id) { () throws(CardDAVFailure) in
            try await client.update(card.href, card: text, etag: etag)
        }
        return AddressCard(href: card.href, etag: next, text: text)
    }

    /// Deletes `card` on its ETag (read first when the server gave none); one already gone is no
    /// failure.
    public func delete(_ card: AddressCard, of id: Person.ID) async throws(Fizzle) {
        let etag: String
        do {
            etag = try await self.etag(of: card, id: id)
        } catch  where error.isCardChanged {
            return logger.notice("\(card.href) was deleted on the server already")
        }
        do {
            try await client.delete(card.href, etag: etag)
        } catch .refused(.notFound) {
            logger.notice("\(card.href) was deleted on the server already")
        } catch {
            logger.error("address book \(collection): \(error)")
            throw fizzle(error, id: id)
        }
    }

    /// `card`'s ETag as agreed, or the server's now when none was given; ``Fizzle/cardChanged(_:)``
    /// when the server has no card there.
    private func etag(of card: AddressCard, id: Person.ID?) async throws(Fizzle) -> String {
        if let etag = card.etag { return etag }
        let read = try await asking(id) { () throws(CardDAVFailure) in try await client.cards([card.href]) }
        guard let etag = read.first?.etag else { throw .cardChanged(id ?? card.href) }
        return etag
    }

    /// The server's card of the person `id` now (at `href`, or where ``create(_:)`` puts it).
    public func card(of id: Person.ID, at href: String?) async throws(Fizzle) -> (person: Person, card: AddressCard)? {
        let address = href ?? self.href(id)
        let cards = try await asking(id) { () throws(CardDAVFailure) in try await client.cards([address]) }
        guard let read = cards.first, let text = read.text, !read.hasUnusableTag else { return nil }
        let card = AddressCard(href: read.href, etag: read.etag, text: text)
        return person(in: card).map { ($0, card) }
    }

    /// What changed since `token`, or since the ETags `known` when the server refuses it (or when
    /// there is none: a first sync lists every card, and those of `known` it does not list are
    /// deleted). A card the app wrote, unchanged since, is not read again; the cards of
    /// `duplicates`, and the own cards of their people, are, to see whether one is left. A card
    /// larger than ``PersonsGear/DAVMultistatus/largestCard`` is not asked for, and one whose size
    /// the listing does not give is read no further than that (``PersonsGear/CardDAVClient/cards(_:sizes:batch:octets:)``);
    /// one whose ETag HTTP cannot carry is not taken: each is left out with why
    /// (``Persons/AddressBookPull/unread``), and the others come. A card of `unread`, left out
    /// before, is not read again while its ETag is the same.
    public func pull(
        since token: String?, known: [Person.ID: AddressCard], duplicates: [String: Person.ID],
        unread: [UnreadCard]
    ) async throws(Fizzle) -> AddressBookPull {
        let byHref = Dictionary(known.map { ($1.href, $0) }, uniquingKeysWith: { first, _ in first })
        let wasUnread = Dictionary(unread.map { ($0.href, $0) }, uniquingKeysWith: { first, _ in first })
        var listed: [CardDAVClient.CardTag]
        var gone: Set<String>
        var pull = AddressBookPull()
        if let changes = try await asking(nil, { () throws(CardDAVFailure) in try await client.changes(since: token) })
        {
            (listed, gone, pull.token) = (changes.changed, Set(changes.deleted), changes.token)
            if token == nil {
                // A first sync from no token lists every card, and names none deleted.
                gone = Set(byHref.keys).union(duplicates.keys).union(wasUnread.keys).subtracting(listed.map(\.href))
            }
        } else {
            // No token: every card's ETag, and those not listed are gone.
            listed = try await asking(nil) { () throws(CardDAVFailure) in try await client.tags() }
            gone = Set(byHref.keys).union(duplicates.keys).union(wasUnread.keys).subtracting(listed.map(\.href))
        }
        var toRead: [String] = []
        for tag in listed {
            if tag.hasUnusableTag {
                logger.warning("\(tag.href) has an ETag HTTP cannot carry: left out")
                pull.unread.append(
                    UnreadCard(
                        href: tag.href, etag: nil, reason: .unusableTag,
                        why: "the server gave it a version tag (ETag) the app cannot send back"))
            } else if let length = tag.length, length > DAVMultistatus.largestCard {
                logger.warning("\(tag.href) is \(length) octets, larger than the app reads: left out")
                pull.unread.append(Self.tooLarge(tag.href, etag: tag.etag, size: length))
            } else if let before = wasUnread[tag.href], before.etag != nil, before.etag == tag.etag {
                continue  // Left out before, and unchanged since.
            } else if tag.etag == nil || byHref[tag.href].flatMap({ known[$0]?.etag }) != tag.etag
                || duplicates[tag.href] != nil
            {
                toRead.append(tag.href)
            } else if let id = byHref[tag.href] {
                pull.listedAgain.insert(id)
                // Left out before, and now the card last agreed again (an ETag of its content).
                if wasUnread[tag.href] != nil { pull.readAgain.append(tag.href) }
            }
        }
        // Two cards of one person: both read again at each pull, until one is left.
        let again = duplicates.keys.sorted() + Set(duplicates.values).compactMap { known[$0]?.href }.sorted()
        for href in again where !gone.contains(href) && !toRead.contains(href) { toRead.append(href) }
        let sizes = CardDAVClient.sizes(of: listed)
        let read = try await asking(nil) { () throws(CardDAVFailure) in try await client.cards(toRead, sizes: sizes) }
        var byID: [Person.ID: [(person: Person, card: AddressCard)]] = [:]
        var order: [Person.ID] = []
        for card in read {
            switch take(card) {
            case .failure(let unreadCard):
                pull.unread.append(unreadCard)
                continue
            case .success(let person):
                pull.readAgain.append(card.href)
                if byID[person.id] == nil { order.append(person.id) }
                byID[person.id, default: []].append(
                    (person, AddressCard(href: card.href, etag: card.etag, text: card.text ?? "")))
            }
        }
        for id in order {
            let cards = byID[id] ?? []
            var hrefs = Set(cards.map(\.card.href))
            if let own = known[id]?.href, !gone.contains(own) { hrefs.insert(own) }
            guard hrefs.count == 1, let only = cards.first else {
                logger.warning("\(hrefs.count) cards hold the UID \(id): \(hrefs.sorted()); that person is left alone")
                for href in hrefs where href != known[id]?.href || known[id] == nil { pull.duplicates[href] = id }
                continue
            }
            if known[id]?.href != only.card.href || known[id]?.etag != only.card.etag {
                pull.changed.append(only)
            } else {
                pull.listedAgain.insert(id)
            }
        }
        pull.readAgain += gone.sorted()
        pull.deleted = gone.compactMap { byHref[$0] }.filter { byID[$0] == nil }.sorted()
        return pull
    }

    /// The person a card read holds, or why it is none (with a line in the log).
    private func take(_ card: CardDAVClient.Card) -> Result<Person, UnreadCard> {
        guard let text = card.text else {
            logger.warning("\(card.href) could not be read (too large, or an answer XML cannot hold): left out")
            return .failure(Self.tooLarge(card.href, etag: card.etag, size: nil))
        }
        guard !card.hasUnusableTag else {
            logger.warning("\(card.href) has an ETag HTTP cannot carry: left out")
            return .failure(
                UnreadCard(
                    href: card.href, etag: nil, reason: .unusableTag,
                    why: "the server gave it a version tag (ETag) the app cannot send back"))
        }
        let parsed: VCard
        do {
            parsed = try VCard(parsing: text)
        } catch {
            logger.warning("\(card.href) is not a vCard (\(error)): left out")
            return .failure(UnreadCard(href: card.href, etag: card.etag, reason: .unreadable, why: error.description))
        }
        switch parsed.person(currentYear: Self.currentYear) {
        case .success(let person):
            return .success(person)
        case .failure(let reason):
            logger.warning("\(card.href) is not a person (\(reason)): left out")
            let why =
                reason == .missingID
                ? "it has no UID, which the app keeps a person by"
                : "its UID is no id the app can keep (\(reason.phrase))"
            return .failure(UnreadCard(href: card.href, etag: card.etag, reason: reason, why: why))
        }
    }

    /// A card left out for its size (`nil`: larger than the app reads, however large).
    private static func tooLarge(_ href: String, etag: String?, size: Int?) -> UnreadCard {
        let limit = DAVMultistatus.largestCard >> 20
        let why =
            size.map { size in
                let tenths = (size * 10 + (1 << 19)) >> 20
                return "it is \(tenths / 10).\(tenths % 10) MiB, larger than the \(limit) MiB the app reads"
            }
            ?? "it is larger than the \(limit) MiB the app reads"
        return UnreadCard(href: href, etag: etag, reason: .tooLarge, why: why)
    }

    /// The person `card` holds, as a pull reads them.
    public func person(in card: AddressCard) -> Person? {
        try? VCard(parsing: card.text).person(currentYear: Self.currentYear).get()
    }

    // MARK: - Helpers

    /// The card name of the person `id`: the id itself when it is a short name any server takes
    /// (letters, digits, `-`, `_` and `.`, as a UUID is), else 32 hex digits of its SHA-256. The
    /// id lives in the card's `UID`; the name only has to be safe in a URL and the same each time.
    ///
    /// ```swift
    /// AddressBookWorker.name("6e62c882-3143-4eec-a3d1-aa5a219efa7d")   // "6e62c882-….vcf"
    /// AddressBookWorker.name("a/b")                                     // "5b2a….vcf"
    /// ```
    static func name(_ id: Person.ID) -> String {
        let isSafe =
            (1...64).contains(id.utf8.count) && id.first != "."
            && id.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            }
        guard !isSafe else { return id + ".vcf" }
        let digest = SHA256.hash(Array(id.utf8))
        return digest.prefix(16).map { String(format: "%02x", $0) }.joined() + ".vcf"
    }

    /// Where the card of the person `id` is created.
    private func href(_ id: Person.ID) -> String {
        client.href(named: Self.name(id))
    }

    private static var currentYear: Int { Calendar(identifier: .gregorian).component(.year, from: Date()) }

    /// Runs a request; its failure is the user's message (a 412 about `id`, ``Fizzle/cardChanged(_:)``;
    /// a refusal of that one card, ``Fizzle/cardRefused(_:reason:)``).
    private func asking<Value>(
        _ id: Person.ID?, _ request: () async throws(CardDAVFailure) -> Value
    ) async throws(Fizzle) -> Value {
        do {
            return try await request()
        } catch {
            logger.error("address book \(collection): \(error)")
            throw fizzle(error, id: id)
        }
    }

    /// What the user is told of `failure`; a request about the one card of `id` that the server
    /// refused for that card alone is ``Fizzle/cardRefused(_:reason:)``.
    func fizzle(_ failure: CardDAVFailure, id: Person.ID?) -> Fizzle {
        if case .refused(.unauthorized) = failure, client.account.user == nil || !client.account.hasPassword {
            return client.account.user == nil
                ? .addressBook(
                    "The address book's server asks for a user name and a password, and no user name was given.",
                    command: "Give it with --carddav-user.")
                : .addressBook(
                    "The address book's server asks for a user name and a password, and no password was given.",
                    command: "Give it with PURE_CARDDAV_PASSWORD or --carddav-password-file.")
        }
        return Self.fizzle(failure, id: id)
    }

    /// What the user is told of `failure`, whatever the account (see ``fizzle(_:id:)``): its
    /// cause in the user's words, with no address, status code or flag (the log has them).
    static func fizzle(_ failure: CardDAVFailure, id: Person.ID?) -> Fizzle {
        switch failure {
        case .invalidAddress(let address): .invalidURL(address)
        case .timedOut:
            .addressBook("The address book's server did not answer in time: what waits goes at the next exchange.")
        case .unreachable:
            .addressBook(
                "The address book's server cannot be reached (no network, or the server is down): "
                    + "what waits goes when it answers again.")
        case .unreadable: .addressBook("The address book sent an answer that cannot be read: nothing was changed here.")
        case .outside: .addressBook("The address book named a card that is not in it: nothing was changed here.")
        case .refused(let outcome): refusal(outcome, id: id)
        }
    }

    private static func refusal(_ outcome: HTTPOutcome, id: Person.ID?) -> Fizzle {
        switch outcome {
        case .preconditionFailed:
            return id.map(Fizzle.cardChanged)
                ?? .addressBook(
                    "A card changed on the server since the last exchange: nothing was written over it, and the "
                        + "next exchange merges the two.")
        case .unauthorized: return .addressBook("The address book's server did not accept the user name or password.")
        case .forbidden:
            return id.map { .cardRefused($0, reason: "The address book does not let this user change this card.") }
                ?? .addressBook("The address book does not let this user do that.")
        case .notFound: return .addressBook("The address book is no longer on its server: it was deleted or moved.")
        case .notSupported: return .addressBook("The server keeps no address book at this address.")
        case .conflict:
            return id.map { .cardRefused($0, reason: "The address book refused the card as conflicting with its own.") }
                ?? .addressBook("The address book refused the change as conflicting with its state.")
        case .tooLarge:
            return id.map { .cardRefused($0, reason: "The address book refused the card as too large.") }
                ?? .addressBook("The address book refused a card as too large.")
        case .insufficientStorage:
            return id.map { .cardRefused($0, reason: "The address book's server is full.") }
                ?? .addressBook("The address book's server is full: nothing more was sent.")
        case .tooManyRequests:
            return .addressBook("The address book's server says the app asked too often: it asks again later.")
        case .locked:
            return .addressBook("The address book stayed locked by its server: the app tries again later.")
        case .serverError:
            return .addressBook("The address book's server failed: the app tries again later.")
        case .redirected(let location):
            return .addressBook(
                "The address book's server sent the app to another address: it is not followed without your say.",
                command: "Give that address with --carddav if you trust it: \((location ?? "none given").prefix(100))")
        case .refused(let status) where [400, 415, 422].contains(status):
            return id.map { .cardRefused($0, reason: "The address book refused the card as it is written.") }
                ?? .addressBook("The address book refused the request as it is written.")
        case .refused:
            return .addressBook("The address book refused the request.")
        case .success, .multiStatus, .notModified:
            return .addressBook("The address book answered in a way the app does not expect.")
        }
    }
}
