/// What the address book worker does for the service: a person's card created, changed or
/// deleted on the server on the condition that the server's card is as last agreed, the server's
/// card now, and what changed there. It maps cards to people at its boundary, checks every
/// answer, logs the detail of a failure and throws a ``Fizzle``: ``Fizzle/cardChanged(_:)`` when
/// the server's card is no longer the one the request assumed.
///
/// ```swift
/// let card = try await addressBook.create(person)
/// let pull = try await addressBook.pull(since: links.token, known: links.cards)
/// ```
public protocol AddressBookWork: Sendable {
    /// The address book's address.
    var collection: String { get }
    /// Checks that ``collection`` is an address book this user may read, before a first exchange
    /// links the people with it: otherwise what it is, in words (nothing there, a calendar, the
    /// server's root; no user or password given, or a wrong one).
    func probe() async throws(Fizzle)
    /// The address books of this user's account, found from ``collection`` taken as the server's
    /// address (its root, or any address of it), as a contacts app finds them.
    func findBooks() async throws(Fizzle) -> FoundAddressBooks
    /// The worker of another address book of this account, at `address` (one ``findBooks()``
    /// found), asked with the same user and password; ``Fizzle/invalidURL(_:)`` for an address
    /// that is no http(s) collection.
    func book(at address: String) throws(Fizzle) -> any AddressBookWork
    /// Creates `person`'s card, unless the server has a card of that name already
    /// (``Fizzle/cardChanged(_:)``).
    func create(_ person: Person) async throws(Fizzle) -> AddressCard
    /// Writes `person` over `card` (keeping every property the app does not write), if the
    /// server's card is still `card`'s ETag.
    func update(_ person: Person, over card: AddressCard) async throws(Fizzle) -> AddressCard
    /// Deletes `card`, the person `id`'s, if the server's card is still its ETag
    /// (``Fizzle/cardChanged(_:)`` otherwise); one already gone is no failure.
    func delete(_ card: AddressCard, of id: Person.ID) async throws(Fizzle)
    /// The server's card of `person` now, where it is or where ``create(_:)`` puts it; `nil` if
    /// there is none.
    func card(of person: Person.ID, at href: String?) async throws(Fizzle) -> (person: Person, card: AddressCard)?
    /// What changed on the server since `token` (or, when the server refuses it or keeps none,
    /// since the cards `known` by their ETags): the people changed with their cards, the ids
    /// deleted (of `known`), the records that could not be people, and the token to pull from
    /// next. Two cards or more with one UID change or delete nobody: they come back among the
    /// pull's ``AddressBookPull/duplicates`` (with `duplicates`, those known before, read again),
    /// until one card is left, which is then that person's.
    func pull(
        since token: String?, known: [Person.ID: AddressCard], duplicates: [String: Person.ID]
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
    /// Every card that holds the UID of another card, as the book has them now: each address
    /// with the person's id.
    public var duplicates: [String: Person.ID]
    /// The cards that could not be people (no UID, not a vCard, too large), by reason.
    public var skipped: SkippedRecords
    /// The token to pull from next; `nil` when the server keeps none, or refused the one given
    /// (then it is not asked again).
    public var token: String?

    /// A pull of these.
    public init(
        changed: [(person: Person, card: AddressCard)] = [], deleted: [Person.ID] = [],
        duplicates: [String: Person.ID] = [:], skipped: SkippedRecords = SkippedRecords(), token: String? = nil
    ) {
        self.changed = changed
        self.deleted = deleted
        self.duplicates = duplicates
        self.skipped = skipped
        self.token = token
    }
}
