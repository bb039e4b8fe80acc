/// What the database keeps of one address book: the collection the links are with, the sync
/// token of the last pull, each person's card, the people whose changes here wait to go out (the
/// outbox) in the order they were made, and what waits for the user: the people the address book
/// refused (set aside, with why), the cards that hold another card's UID, and the deletions a
/// pull held back; the cards of people brought back, to be made again as they were; the cards
/// there that are no person here; and how many people pulls deleted lately, without asking.
///
/// ```swift
/// let links = try await db.readAddressBook(for: book.collection)
/// links.outbox   // ["p1", "p7"]: push these, in order
/// ```
public struct AddressBookLinks: Equatable, Sendable {
    /// The address book's address the links are with.
    public var collection: String
    /// Whether the people are linked with it already; `false` before a first exchange with it
    /// (then every person here waits in ``outbox``, and nothing else is known).
    public var isLinked: Bool
    /// The token to pull from; `nil` to pull everything.
    public var token: String?
    /// Each linked person's card, by id: with its text for the people of the ``outbox`` only (the
    /// only ones an exchange writes over or merges); the others' is empty, their address and ETag
    /// being all a pull needs.
    public var cards: [Person.ID: AddressCard]
    /// The people changed here since the last push, oldest first, each once.
    public var outbox: [Person.ID]
    /// The people of the ``outbox`` deleted here: their cards go, unless changed there since.
    public var deleted: Set<Person.ID>
    /// Why the address book refused each person set aside, by id: they are tried again at each
    /// exchange, and the others go on meanwhile.
    public var setAside: [Person.ID: String]
    /// The cards that hold the UID of another card, each address with the person's id: that
    /// person is left alone, on both sides, until one card is left.
    public var duplicates: [String: Person.ID]
    /// The people a pull found deleted there, too many at once: nobody was deleted, and they
    /// wait for the user's say (``DeletionGuard``).
    public var held: [Person.ID]
    /// The cards of people brought back (restored, or put back), as last agreed before they went,
    /// by id: made again at their address, as they were.
    public var returning: [Person.ID: AddressCard]
    /// The cards there that are no person here, each with why: not read again until they change.
    public var unread: [UnreadCard]
    /// How many people pulls deleted here without asking, in the window the ``DeletionGuard``
    /// counts over.
    public var deletedLately: Int

    /// Links with `collection` as given; none by default.
    public init(
        collection: String, isLinked: Bool = true, token: String? = nil, cards: [Person.ID: AddressCard] = [:],
        outbox: [Person.ID] = [], deleted: Set<Person.ID> = [], setAside: [Person.ID: String] = [:],
        duplicates: [String: Person.ID] = [:], held: [Person.ID] = [], returning: [Person.ID: AddressCard] = [:],
        unread: [UnreadCard] = [], deletedLately: Int = 0
    ) {
        self.collection = collection
        self.isLinked = isLinked
        self.token = token
        self.cards = cards
        self.outbox = outbox
        self.deleted = deleted
        self.setAside = setAside
        self.duplicates = duplicates
        self.held = held
        self.returning = returning
        self.unread = unread
        self.deletedLately = deletedLately
    }

    /// The people with more than one card there, each left alone.
    public var duplicated: Set<Person.ID> { Set(duplicates.values) }
}
