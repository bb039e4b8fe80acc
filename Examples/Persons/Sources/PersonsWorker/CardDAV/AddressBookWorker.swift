import Foundation
import Logging
import Persons
import PersonsGear

/// The address book worker: people as cards on a CardDAV server, through the gear's client. A
/// card's name is the person's id (`<id>.vcf`); every failure is logged with its detail and
/// becomes one message for the user.
///
/// ```swift
/// let book = try AddressBookWorker(address: "http://127.0.0.1:5232/ada/book/", user: "ada", password: secret)
/// let card = try await book.create(person)
/// ```
public struct AddressBookWorker: AddressBookWork {
    private let client: CardDAVClient
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
        client =
            transport.map { CardDAVClient(account: account, transport: $0, timeout: timeout, logger: logger) }
            ?? CardDAVClient(account: account, timeout: timeout, logger: logger)
        self.logger = logger
    }

    /// The collection's address.
    public var collection: String { client.account.collection.absoluteString }

    /// Creates the card `<id>.vcf` of `person`, a new vCard 3.0, unless one of that name is there.
    public func create(_ person: Person) async throws(Fizzle) -> AddressCard {
        let text = VCard(person).serialized
        let etag = try await asking(person.id) { () throws(CardDAVFailure) in
            try await client.create(named: Self.name(person.id), card: text)
        }
        return AddressCard(href: href(person.id), etag: etag, text: text)
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
            throw Self.fizzle(error, collection: collection, id: id)
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
        guard let read = cards.first, let text = read.text else { return nil }
        let card = AddressCard(href: read.href, etag: read.etag, text: text)
        return person(in: card).map { ($0, card) }
    }

    /// What changed since `token`, or since the ETags `known` when the server refuses it; a card
    /// the app wrote, unchanged since, is not read again.
    public func pull(since token: String?, known: [Person.ID: AddressCard]) async throws(Fizzle) -> AddressBookPull {
        let byHref = Dictionary(known.map { ($1.href, $0) }, uniquingKeysWith: { first, _ in first })
        let tags: [CardDAVClient.CardTag]
        let deletedHrefs: [String]
        let next: String?
        if let changes = try await asking(nil, { () throws(CardDAVFailure) in try await client.changes(since: token) })
        {
            (tags, deletedHrefs, next) = (changes.changed, changes.deleted, changes.token)
        } else {
            // No token: every card's ETag; those the app last agreed are left out below.
            tags = try await asking(nil) { () throws(CardDAVFailure) in try await client.tags() }
            let present = Set(tags.map(\.href))
            deletedHrefs = byHref.keys.filter { !present.contains($0) }
            next = nil
        }
        // A card as the app last agreed it (written or read here) is not read again.
        let changedTags = tags.filter { tag in
            tag.etag == nil || byHref[tag.href].flatMap { known[$0]?.etag } != tag.etag
        }
        let read = try await asking(nil) { () throws(CardDAVFailure) in try await client.cards(changedTags.map(\.href))
        }
        var pull = AddressBookPull(deleted: deletedHrefs.compactMap { byHref[$0] }, token: next)
        for card in read {
            guard let text = card.text else {
                logger.warning("\(card.href) could not be read (too large, or an answer XML cannot hold): left out")
                pull.skipped.add(.unreadable)
                continue
            }
            let stored = AddressCard(href: card.href, etag: card.etag, text: text)
            switch (try? VCard(parsing: text)).map({ $0.person(currentYear: Self.currentYear) }) {
            case .success(let person)?:
                pull.changed.append((person, stored))
            case .failure(let reason)?:
                logger.warning("\(card.href) is not a person (\(reason)): left out")
                pull.skipped.add(reason)
            case nil:
                logger.warning("\(card.href) is not a vCard: left out")
                pull.skipped.add(.unreadable)
            }
        }
        return pull
    }

    /// The person `card` holds, as a pull reads them.
    public func person(in card: AddressCard) -> Person? {
        try? VCard(parsing: card.text).person(currentYear: Self.currentYear).get()
    }

    // MARK: - Helpers

    /// The card name of the person `id`.
    private static func name(_ id: Person.ID) -> String { id + ".vcf" }

    /// Where the card of the person `id` is created.
    private func href(_ id: Person.ID) -> String {
        client.href(named: Self.name(id))
    }

    private static var currentYear: Int { Calendar(identifier: .gregorian).component(.year, from: Date()) }

    /// Runs a request; its failure is the user's message (a 412 about `id`, ``Fizzle/cardChanged(_:)``).
    private func asking<Value>(
        _ id: Person.ID?, _ request: () async throws(CardDAVFailure) -> Value
    ) async throws(Fizzle) -> Value {
        do {
            return try await request()
        } catch {
            logger.error("address book \(collection): \(error)")
            throw Self.fizzle(error, collection: collection, id: id)
        }
    }

    /// What the user is told of `failure`.
    static func fizzle(_ failure: CardDAVFailure, collection: String, id: Person.ID?) -> Fizzle {
        switch failure {
        case .invalidAddress(let address): .invalidURL(address)
        case .timedOut: .addressBook("The address book at \(collection) did not answer in time: nothing more was sent.")
        case .unreachable:
            .addressBook("The address book at \(collection) cannot be reached: check the address and the network.")
        case .unreadable: .addressBook("The address book sent an answer that cannot be read: nothing was changed here.")
        case .outside(let href):
            .addressBook("The address book named a card outside it (\(href.prefix(100))): nothing was changed here.")
        case .refused(let outcome): refusal(outcome, collection: collection, id: id)
        }
    }

    private static func refusal(_ outcome: HTTPOutcome, collection: String, id: Person.ID?) -> Fizzle {
        switch outcome {
        case .preconditionFailed:
            return id.map(Fizzle.cardChanged) ?? .addressBook("The address book's card was changed meanwhile.")
        case .unauthorized: return .addressBook("The address book refused the user name or password (HTTP 401).")
        case .forbidden: return .addressBook("The address book does not let this user do that (HTTP 403).")
        case .notFound: return .addressBook("There is no address book at \(collection) (HTTP 404).")
        case .notSupported: return .addressBook("The server does not do CardDAV at \(collection) (HTTP 405).")
        case .conflict:
            return .addressBook("The address book refused the change as conflicting with its state (HTTP 409).")
        case .tooLarge: return .addressBook("The address book refused a card as too large (HTTP 413).")
        case .insufficientStorage:
            return .addressBook("The address book's server is full (HTTP 507): nothing more was sent.")
        case .tooManyRequests:
            return .addressBook("The address book says the app asked too often (HTTP 429): try again later.")
        case .serverError(let status):
            return .addressBook("The address book's server failed (HTTP \(status)): try again later.")
        case .redirected(let location):
            return .addressBook(
                "The address book's server sent the app elsewhere (\((location ?? "no address").prefix(100))): "
                    + "give that address with --carddav if you trust it.")
        case .refused(let status): return .addressBook("The address book refused the request (HTTP \(status)).")
        case .success, .multiStatus, .notModified:
            return .addressBook("The address book answered in a way the app does not expect.")
        }
    }
}
