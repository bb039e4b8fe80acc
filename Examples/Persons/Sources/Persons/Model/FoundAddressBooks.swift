/// The address books of an account, found from its server's address as a contacts app finds
/// them (`pure carddav books`), and what the user should know of the way there.
///
/// ```swift
/// let found = try await service.findAddressBooksAction()
/// found.books.first?.address   // "http://127.0.0.1:5232/ada/contacts/": what --carddav takes
/// ```
public struct FoundAddressBooks: Equatable, Sendable, Codable {
    /// One address book: its address, its name if it has one, and how many cards it holds.
    public struct Book: Equatable, Sendable, Codable {
        /// The collection's address, ending in `/`: what `--carddav` takes.
        public let address: String
        /// Its name, if it has one.
        public let name: String?
        /// How many cards it holds.
        public let cards: Int

        /// A book of these.
        public init(address: String, name: String?, cards: Int) {
            self.address = address
            self.name = name
            self.cards = cards
        }
    }

    /// The address books, in the order the server listed them.
    public let books: [Book]
    /// What the user should know of the way to them (a home on another host of the provider, an
    /// address not followed), one sentence each.
    public let notes: [String]

    /// Books found, with notes.
    public init(books: [Book], notes: [String] = []) {
        self.books = books
        self.notes = notes
    }
}
