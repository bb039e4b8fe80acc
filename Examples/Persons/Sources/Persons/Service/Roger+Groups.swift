import Pure

extension Roger {
    /// Every read shown beside the lists (``SideRead``), in the order they are read. A new one is
    /// its field in ``Sys``, its line here, its query (``ListDBWork``) and the part of the page
    /// that shows it.
    public static let sideReads: [any SideReading] = [
        SideRead<[ListFilter: [String: Int]]>(name: "counts", path: \.sys.counts) { db throws(Fizzle) in
            try await db.countPeople()
        }
    ]
}

extension Roger {
    /// What the app is doing: the sync of people, as a ``Pure/UiState``.
    ///
    /// ```swift
    /// if let message = appState.value.sys.sync.message { showRetry(message) }
    /// ```
    public struct Sys: Equatable, Sendable, Codable {
        /// The sync of people: `ready` before the first, `loading` with its progress while one
        /// runs, `success` with what to tell the user (records left out, a warning; `nil` when
        /// nothing), `failure` with why.
        public var sync: UiState<String?>
        /// While a sync runs, where it is: its page, the people stored, whether it waits.
        public var step: SyncStep?
        /// The address book's sync: `ready` before the first (or with no address book),
        /// `loading` while one runs, `success` with what it sent and received, `failure` with why.
        public var addressBook: UiState<String>
        /// What the address book's exchange keeps waiting: the changes to go out, and the people
        /// that wait for the user (set aside, with two cards, deleted there too many at once).
        public var book: AddressBookStatus
        /// How many people have each value of each filter (`counts[.region]?["KR"]`): the
        /// values the search form offers. Read apart from the lists' rows, from the counts the
        /// lists keep, when a list opens and when the stored people change. Every filter is there
        /// from the start, with nothing counted, so that each value read is a change of its own
        /// (`sys.counts[region].KR`) that a journal records and a replay compares.
        public var counts: [ListFilter: [String: Int]]
        /// The address books the user may choose among: the account given (`--carddav`, a
        /// server's address) has several, and the people are linked with none of them yet.
        public var offeredBooks: FoundAddressBooks?
        /// The name of the address book the people are kept in step with (its `displayname`), as
        /// the first exchange since the app started found it; `nil` before, or when it has none.
        public var bookName: String?
        /// While a page is open, how often at most the address book is checked for changes, in
        /// seconds (`pure serve --carddav-watch-every`); `nil` when it is not: changes there then
        /// come at the next pull.
        public var checkEvery: Int?

        /// Every filter, nothing counted: the counts before the first read.
        public static let uncounted = Dictionary(
            uniqueKeysWithValues: ListFilter.allCases.map { ($0, [String: Int]()) })

        /// Creates the group; nothing synced yet.
        ///
        /// ```swift
        /// Roger.Sys(sync: .success(nil))
        /// ```
        public init(
            sync: UiState<String?> = .ready, step: SyncStep? = nil, addressBook: UiState<String> = .ready,
            book: AddressBookStatus = AddressBookStatus(),
            counts: [ListFilter: [String: Int]] = Self.uncounted, offeredBooks: FoundAddressBooks? = nil,
            bookName: String? = nil, checkEvery: Int? = nil
        ) {
            self.sync = sync
            self.step = step
            self.addressBook = addressBook
            self.book = book
            self.counts = counts
            self.offeredBooks = offeredBooks
            self.bookName = bookName
            self.checkEvery = checkEvery
        }

        /// Reads the group as a journal recorded it; one recorded before the address book has
        /// it `ready`, and nothing waiting; one recorded before the counts has none, and no books
        /// offered; one recorded before the book's name has none, and no checks.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            try self.init(
                sync: container.decode(UiState<String?>.self, forKey: .sync),
                step: container.decodeIfPresent(SyncStep.self, forKey: .step),
                addressBook: container.decodeIfPresent(UiState<String>.self, forKey: .addressBook) ?? .ready,
                book: container.decodeIfPresent(AddressBookStatus.self, forKey: .book) ?? AddressBookStatus(),
                counts: container.decodeIfPresent([ListFilter: [String: Int]].self, forKey: .counts) ?? Self.uncounted,
                offeredBooks: container.decodeIfPresent(FoundAddressBooks.self, forKey: .offeredBooks),
                bookName: container.decodeIfPresent(String.self, forKey: .bookName),
                checkEvery: container.decodeIfPresent(Int.self, forKey: .checkEvery))
        }
    }

    /// Where the user is.
    ///
    /// ```swift
    /// appState.value.route.uis   // the person on screen
    /// ```
    public struct Route: Equatable, Sendable, Codable {
        /// The person on screen, if any.
        public var uis: Person.ID?

        /// Creates the group; no person on screen.
        ///
        /// ```swift
        /// Roger.Route(uis: "42")
        /// ```
        public init(uis: Person.ID? = nil) {
            self.uis = uis
        }
    }
}
