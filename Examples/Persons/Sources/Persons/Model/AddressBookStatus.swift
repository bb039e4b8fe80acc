/// What the address book's exchange keeps waiting, as every screen shows it: the book linked,
/// how many changes wait to go out, and the people that wait for the user (set aside, with two
/// cards, or deleted there too many at once). Part of the app state (``Roger/Sys/book``).
///
/// ```swift
/// let held = appState.value.sys.book.held   // [Entry(id: "p1", name: "Jane Roe", detail: nil), …]
/// ```
public struct AddressBookStatus: Equatable, Sendable, Codable {
    /// A person the exchange says something of, by id and name, and what it says.
    public struct Entry: Equatable, Sendable, Codable {
        /// The person's id (a card's UID).
        public let id: Person.ID
        /// Their name here, or the id when they are not here.
        public let name: String
        /// Why (a refusal's reason, the cards' addresses), if there is more to say.
        public let detail: String?

        /// An entry of these.
        public init(id: Person.ID, name: String, detail: String? = nil) {
            self.id = id
            self.name = name
            self.detail = detail
        }
    }

    /// The address book linked, if one is.
    public var collection: String?
    /// How many people's changes wait to go out.
    public var waiting: Int
    /// The people the address book refused, each alone, with why: tried again at each exchange.
    public var setAside: [Entry]
    /// The people with two cards or more there (one UID), with the cards' addresses: left alone,
    /// on both sides, until one card is left.
    public var duplicates: [Entry]
    /// The people a pull found deleted there, too many at once: nobody was deleted here; they
    /// wait for the user's say.
    public var held: [Entry]

    /// A status of these; nothing linked by default.
    public init(
        collection: String? = nil, waiting: Int = 0, setAside: [Entry] = [], duplicates: [Entry] = [],
        held: [Entry] = []
    ) {
        self.collection = collection
        self.waiting = waiting
        self.setAside = setAside
        self.duplicates = duplicates
        self.held = held
    }
}
