/// What the database keeps of one address book: the collection the links are with, the sync
/// token of the last pull, each person's card, and the people whose changes here wait to go out
/// (the outbox), in the order they were made.
///
/// ```swift
/// let links = try await db.readAddressBook()
/// links.outbox   // ["p1", "p7"]: push these, in order
/// ```
public struct AddressBookLinks: Equatable, Sendable {
    /// The address book's address the links are with; `nil` before a first sync.
    public var collection: String?
    /// The token to pull from; `nil` to pull everything.
    public var token: String?
    /// Each linked person's card, by id.
    public var cards: [Person.ID: AddressCard]
    /// The people changed here since the last push, oldest first, each once.
    public var outbox: [Person.ID]

    /// Links as given; none by default.
    public init(
        collection: String? = nil, token: String? = nil, cards: [Person.ID: AddressCard] = [:], outbox: [Person.ID] = []
    ) {
        self.collection = collection
        self.token = token
        self.cards = cards
        self.outbox = outbox
    }
}
