import Foundation
import NIOConcurrencyHelpers
import Persons

/// An address book in memory that follows a CardDAV server's rules for what the app relies on:
/// a card is written or deleted only on its current ETag (``Fizzle/cardChanged(_:)`` otherwise,
/// as a 412), a new card only where none is (`If-None-Match: *`), every write gives a new ETag,
/// and a pull from a token returns what changed after it (a token it does not know is refused,
/// and the pull compares ETags). It records every call, and another client's edits are made with
/// ``change(_:_:)`` and ``remove(_:)``. For the Raft and use case tests; the real worker's
/// tests run against Radicale and Xandikos.
///
/// ```swift
/// let book = RecordingAddressBook()
/// let raft = try await Raft(addressBook: book)
/// _ = try await raft.syncAddressBookAction()
/// book.change("p1") { $0.email = "jane@work.example" }
/// ```
public final class RecordingAddressBook: AddressBookWork {
    /// A call the address book received.
    public enum Call: Hashable, Sendable {
        case probe
        case findBooks
        case create(Person.ID)
        /// A card made again as it was, at its address (a person brought back).
        case createAgain(Person.ID, href: String)
        case update(Person.ID)
        case delete(Person.ID)
        case card(Person.ID)
        case pull(token: String?)
    }

    private struct Stored {
        var person: Person
        var version: Int
    }

    private struct Memory {
        var calls: [Call] = []
        var cards: [Person.ID: Stored] = [:]
        /// The version of each change, newest last: what a token's pull reads from.
        var changes: [(version: Int, id: Person.ID)] = []
        var version = 0
        var failure: Fizzle?
        var answeredBeforeFailing = 0
        /// The cards refused alone, with why, as a server refuses one card (413, 403).
        var refused: [Person.ID: String] = [:]
        /// Whether the next pull refuses its token and lists no card, as a server that answers once
        /// as if empty.
        var listsNothingOnce = false

        /// Stores `person` as a card holds them: without the photo, which is the directory's.
        mutating func write(_ person: Person) -> AddressCard {
            var person = person
            person.photo = nil
            version += 1
            cards[person.id] = Stored(person: person, version: version)
            changes.append((version, person.id))
            return RecordingAddressBook.card(of: person, version: version)
        }

        mutating func remove(_ id: Person.ID) {
            version += 1
            cards[id] = nil
            changes.append((version, id))
        }
    }

    private let memory = NIOLockedValueBox(Memory())

    /// The address book's address.
    public let collection: String
    /// The books of the account, by address, when this stands for the account's server rather
    /// than a book (``init(account:)``).
    private let books: [(address: String, book: RecordingAddressBook)]?

    /// An empty address book at `collection`.
    public init(collection: String = "http://127.0.0.1/recording/book/") {
        self.collection = collection
        books = nil
    }

    /// The server of an account with `books`: no address book itself (as a server's root
    /// answers), but found to hold them, each opened with ``book(at:)``.
    public init(account books: [RecordingAddressBook]) {
        collection = "http://127.0.0.1/recording/"
        self.books = books.map { ($0.collection, $0) }
    }

    /// Every call so far, in order.
    public var calls: [Call] { memory.withLockedValue { $0.calls } }

    /// Starts ``calls`` afresh.
    public func forgetCalls() {
        memory.withLockedValue { $0.calls = [] }
    }

    /// The people the address book holds, by id.
    public var people: [Person.ID: Person] { memory.withLockedValue { $0.cards.mapValues(\.person) } }

    /// Makes every call after the next `calls` fail with `fizzle` (`nil`: answer again), as a
    /// server that refuses or stops answering.
    public func fail(with fizzle: Fizzle?, afterCalls calls: Int = 0) {
        memory.withLockedValue { memory in
            memory.failure = fizzle
            memory.answeredBeforeFailing = calls
        }
    }

    /// Makes every write of the card of `id` fail alone with `reason` (`nil`: take it again), as
    /// a server that refuses one card (too large, a name it does not take).
    public func refuse(_ id: Person.ID, reason: String?) {
        memory.withLockedValue { $0.refused[id] = reason }
    }

    /// Another client changes the card of `id` (there must be one).
    public func change(_ id: Person.ID, _ edit: (inout Person) -> Void) {
        memory.withLockedValue { memory in
            guard var person = memory.cards[id]?.person else { return }
            edit(&person)
            _ = memory.write(person)
        }
    }

    /// Makes the next pull refuse its token and list no card at all, as a server answering once
    /// as if its book were empty; the pull after lists every card again.
    public func listNothingOnce() {
        memory.withLockedValue { $0.listsNothingOnce = true }
    }

    /// Another client deletes the card of `id`.
    public func remove(_ id: Person.ID) {
        memory.withLockedValue { $0.remove(id) }
    }

    /// Recorded; an address book it is, without a name, unless it stands for an account's server.
    public func probe() async throws(Fizzle) -> String? {
        try call(.probe) { [books] _ throws(Fizzle) in
            guard books == nil else {
                throw .notAnAddressBook("The address given is a folder of the server.", isFolder: true)
            }
        }
        return nil
    }

    /// Recorded; the account's books, or the one book it is, with their cards counted.
    public func findBooks() async throws(Fizzle) -> FoundAddressBooks {
        try call(.findBooks) { memory in
            guard let books else {
                return FoundAddressBooks(books: [
                    .init(address: collection, name: "Contacts", cards: memory.cards.count)
                ])
            }
            return FoundAddressBooks(
                books: books.map { .init(address: $0.address, name: nil, cards: $0.book.people.count) })
        }
    }

    /// The account's book at `address` (this one for its own), as the real worker opens one.
    public func book(at address: String) throws(Fizzle) -> any AddressBookWork {
        if address == collection { return self }
        guard let book = books?.first(where: { $0.address == address })?.book else { throw .invalidURL(address) }
        return book
    }

    /// Recorded; a new card, unless one of that id is there (``Fizzle/cardChanged(_:)``); one
    /// `returning` is recorded as made again at its address.
    public func create(_ person: Person, returning: AddressCard?) async throws(Fizzle) -> AddressCard {
        let call: Call = returning.map { .createAgain(person.id, href: $0.href) } ?? .create(person.id)
        return try self.call(call) { memory throws(Fizzle) in
            if let reason = memory.refused[person.id] { throw .cardRefused(person.id, reason: reason) }
            guard memory.cards[person.id] == nil else { throw .cardChanged(person.id) }
            return memory.write(person)
        }
    }

    /// Recorded; written over, if the card's ETag is the one stored.
    public func update(_ person: Person, over card: AddressCard) async throws(Fizzle) -> AddressCard {
        try call(.update(person.id)) { memory throws(Fizzle) in
            if let reason = memory.refused[person.id] { throw .cardRefused(person.id, reason: reason) }
            guard let stored = memory.cards[person.id], Self.etag(stored.version) == card.etag else {
                throw .cardChanged(person.id)
            }
            return memory.write(person)
        }
    }

    /// Recorded; deleted, if the card's ETag is the one stored; one already gone is no failure.
    public func delete(_ card: AddressCard, of id: Person.ID) async throws(Fizzle) {
        try call(.delete(id)) { memory throws(Fizzle) in
            guard let stored = memory.cards[id] else { return }
            guard Self.etag(stored.version) == card.etag else { throw .cardChanged(id) }
            memory.remove(id)
        }
    }

    /// Recorded; the card as stored, if there is one.
    public func card(
        of person: Person.ID, at href: String?
    ) async throws(Fizzle) -> (person: Person, card: AddressCard)? {
        try call(.card(person)) { memory in
            memory.cards[person].map { ($0.person, Self.card(of: $0.person, version: $0.version)) }
        }
    }

    /// Recorded; what changed after the token's version, or, for a token it does not know, the
    /// cards whose ETags differ from `known`'s and those of `known` that are gone. A card here has
    /// one UID, its person's id: `duplicates` never come to be.
    public func pull(
        since token: String?, known: [Person.ID: AddressCard], duplicates: [String: Person.ID],
        unread: [UnreadCard]
    ) async throws(Fizzle) -> AddressBookPull {
        try call(.pull(token: token)) { memory in
            if memory.listsNothingOnce {
                memory.listsNothingOnce = false
                return AddressBookPull(deleted: known.keys.sorted(), token: nil)
            }
            let ids: Set<Person.ID>
            if let since = token.flatMap(Self.version(of:)), since <= memory.version {
                ids = Set(memory.changes.filter { $0.version > since }.map(\.id))
            } else {
                ids = Set(memory.cards.keys).union(known.keys)
            }
            var pull = AddressBookPull(token: Self.token(memory.version))
            for id in ids.sorted() {
                if let stored = memory.cards[id] {
                    let card = Self.card(of: stored.person, version: stored.version)
                    if known[id]?.etag != card.etag {
                        pull.changed.append((stored.person, card))
                    } else {
                        pull.listedAgain.insert(id)
                    }
                } else if known[id] != nil {
                    pull.deleted.append(id)
                }
            }
            return pull
        }
    }

    /// The person a card of this book holds.
    public func person(in card: AddressCard) -> Person? {
        try? JSONDecoder().decode(Person.self, from: Data(card.text.utf8))
    }

    /// Records `call`, then runs `body` on the memory, unless the book was told to fail.
    private func call<Value: Sendable>(
        _ call: Call, _ body: (inout Memory) throws(Fizzle) -> Value
    ) throws(Fizzle) -> Value {
        try memory.withLockedValue { memory -> Result<Value, Fizzle> in
            memory.calls.append(call)
            if let failure = memory.failure {
                guard memory.answeredBeforeFailing > 0 else { return .failure(failure) }
                memory.answeredBeforeFailing -= 1
            }
            do throws(Fizzle) {
                return .success(try body(&memory))
            } catch {
                return .failure(error)
            }
        }.get()
    }

    /// The card of `person` at `version`: its text is the person as JSON (what ``person(in:)``
    /// reads back), its ETag the version.
    private static func card(of person: Person, version: Int) -> AddressCard {
        let text = (try? JSONEncoder().encode(person)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return AddressCard(href: "/recording/book/\(person.id).vcf", etag: etag(version), text: text)
    }

    private static func etag(_ version: Int) -> String { "\"\(version)\"" }

    private static func token(_ version: Int) -> String { "v\(version)" }

    private static func version(of token: String) -> Int? {
        token.hasPrefix("v") ? Int(token.dropFirst()) : nil
    }
}
