/// What the address book worker does for the service: a person's card created, changed or
/// deleted on the server on the condition that the server's card is as last agreed, the server's
/// card now, and what changed there. It maps cards to people at its boundary, checks every
/// answer, logs the detail of a failure and throws a ``Fizzle``: ``Fizzle/cardChanged(_:)`` when
/// the server's card is no longer the one the request assumed.
///
/// ```swift
/// let card = try await addressBook.create(person, returning: nil)
/// let pull = try await addressBook.pull(
///     since: links.token, known: links.cards, duplicates: links.duplicates, unread: links.unread)
/// ```
public protocol AddressBookWork: Sendable {
    /// The address book's address.
    var collection: String { get }
    /// Checks that ``collection`` is an address book this user may read, before a first exchange
    /// links the people with it: otherwise what it is, in words (nothing there, a calendar, the
    /// server's root; no user or password given, or a wrong one). Returns the book's name, if it
    /// has one.
    func probe() async throws(Fizzle) -> String?
    /// The address books of this user's account, found from ``collection`` taken as the server's
    /// address (its root, or any address of it), as a contacts app finds them.
    func findBooks() async throws(Fizzle) -> FoundAddressBooks
    /// The worker of another address book of this account, at `address` (one ``findBooks()``
    /// found), asked with the same user and password; ``Fizzle/invalidURL(_:)`` for an address
    /// that is no http(s) collection.
    func book(at address: String) throws(Fizzle) -> any AddressBookWork
    /// Creates `person`'s card, unless the server has a card where it goes already
    /// (``Fizzle/cardChanged(_:)``): a new one; or, given the card they had (`returning`, as last
    /// agreed, before they were deleted), that card again, byte for byte at its address, with only
    /// the values that differ from it written over.
    func create(_ person: Person, returning: AddressCard?) async throws(Fizzle) -> AddressCard
    /// Writes `person` over `card` (keeping every property the app does not write), if the
    /// server's card is still `card`'s ETag.
    func update(_ person: Person, over card: AddressCard) async throws(Fizzle) -> AddressCard
    /// Deletes `card`, the person `id`'s, if the server's card is still its ETag
    /// (``Fizzle/cardChanged(_:)`` otherwise); one already gone is no failure.
    func delete(_ card: AddressCard, of id: Person.ID) async throws(Fizzle)
    /// The server's card of `person` now, where it is or where ``create(_:returning:)`` puts a new
    /// one; `nil` if there is none.
    func card(of person: Person.ID, at href: String?) async throws(Fizzle) -> (person: Person, card: AddressCard)?
    /// What changed on the server since `token` (or, when the server refuses it or keeps none,
    /// since the cards `known` by their ETags): the people changed with their cards, the ids
    /// deleted (of `known`), the records that could not be people, and the token to pull from
    /// next. Two cards or more with one UID change or delete nobody: they come back among the
    /// pull's ``AddressBookPull/duplicates`` (with `duplicates`, those known before, read again),
    /// until one card is left, which is then that person's. A card that is no person comes back
    /// among ``AddressBookPull/unread``; one of `unread` (left out before) is not read again until
    /// its ETag changes.
    func pull(
        since token: String?, known: [Person.ID: AddressCard], duplicates: [String: Person.ID],
        unread: [UnreadCard]
    ) async throws(Fizzle) -> AddressBookPull
    /// The person a card holds, as it would be pulled.
    func person(in card: AddressCard) -> Person?
}

/// What one pull brought.
public struct AddressBookPull: Sendable {
    /// The people changed or added there, each with their card.
    public var changed: [(person: Person, card: AddressCard)]
    /// The ids of the people deleted there.
    public var deleted: [Person.ID]
    /// The people known whose cards the listing named, unchanged: still there.
    public var listedAgain: Set<Person.ID>
    /// Every card that holds the UID of another card, as the book has them now: each address
    /// with the person's id.
    public var duplicates: [String: Person.ID]
    /// The cards that could not be people (no UID, not a vCard, too large), each once, with why.
    public var unread: [UnreadCard]
    /// The addresses of cards that are no longer left out: read as people now, or gone.
    public var readAgain: [String]
    /// The token to pull from next; `nil` when the server keeps none, or refused the one given
    /// (then it is not asked again).
    public var token: String?

    /// A pull of these.
    public init(
        changed: [(person: Person, card: AddressCard)] = [], deleted: [Person.ID] = [],
        listedAgain: Set<Person.ID> = [], duplicates: [String: Person.ID] = [:], unread: [UnreadCard] = [],
        readAgain: [String] = [], token: String? = nil
    ) {
        self.changed = changed
        self.deleted = deleted
        self.listedAgain = listedAgain
        self.duplicates = duplicates
        self.unread = unread
        self.readAgain = readAgain
        self.token = token
    }

    /// The cards left out, counted by reason: each card once.
    public var skipped: SkippedRecords {
        var skipped = SkippedRecords()
        for card in Set(unread.map(\.href)).compactMap({ href in unread.first { $0.href == href } }) {
            skipped.add(card.reason)
        }
        return skipped
    }
}
