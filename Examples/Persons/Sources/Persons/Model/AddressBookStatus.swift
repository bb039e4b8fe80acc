#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the address book's exchange keeps waiting, as every screen shows it: the book linked,
/// how the last exchange ended, how many changes wait to go out, and the people that wait for the
/// user (set aside, with two cards, deleted there too many at once, or with a choice between two
/// values). Part of the app state (``Roger/Sys/book``), read after each exchange; a choice made,
/// an edit or a deletion here ends its choices at once (``endChoices(of:_:)``).
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

    /// A person with fields changed on both sides, each waiting for the user to choose a value.
    public struct Choice: Equatable, Sendable, Codable {
        /// The person's id.
        public let id: Person.ID
        /// Their name here.
        public let name: String
        /// The fields that wait, in ``PersonField`` order.
        public var fields: [PersonField]

        /// `id`'s choices on `fields`.
        public init(id: Person.ID, name: String, fields: [PersonField]) {
            self.id = id
            self.name = name
            self.fields = fields
        }

        /// The choice as the other lists say it: the fields' labels as its detail.
        public var entry: Entry {
            Entry(id: id, name: name, detail: fields.map(\.label).joined(separator: ", "))
        }
    }

    /// How an exchange ended: when, and what it did or why it failed.
    public struct Exchange: Equatable, Sendable, Codable {
        /// When it ended, in seconds since 1970.
        public let at: Int
        /// What it did ("Sent 2 changes; received 1."), or why it failed.
        public let outcome: String
        /// Whether it went through.
        public let succeeded: Bool

        /// An exchange that ended at `at` with `outcome`.
        public init(at: Int, outcome: String, succeeded: Bool) {
            self.at = at
            self.outcome = outcome
            self.succeeded = succeeded
        }

        /// The exchange in words, as the home page and `pure carddav status` say it:
        /// "Last exchange 2026-11-28 10:55:03 UTC: Sent 2 changes; received 1."
        public var summary: String {
            "Last exchange \(AddressBookStatus.time(at))\(succeeded ? "" : " failed"): \(outcome)"
        }
    }

    /// `at` (seconds since 1970) as the status says a time: "2026-11-28 10:55:03 UTC".
    public static func time(_ at: Int) -> String {
        Date(timeIntervalSince1970: TimeInterval(at)).formatted(
            .iso8601.year().month().day().dateTimeSeparator(.space).time(includingFractionalSeconds: false)) + " UTC"
    }

    /// The address book linked, if one is.
    public var collection: String?
    /// How the last exchange ended, if one ran.
    public var lastExchange: Exchange?
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
    /// The people with a choice between this app's value and the address book's, by name.
    public var choices: [Choice]
    /// The cards there that are no person here, each named by its file (``Entry/id`` is its
    /// address) with why: until they change or go.
    public var unread: [Entry]
    /// How many people the address book's pulls deleted here lately without asking (the window
    /// the ``DeletionGuard`` counts over), and who are still gone.
    public var deletedLately: Int

    /// A status of these; nothing linked by default.
    public init(
        collection: String? = nil, lastExchange: Exchange? = nil, waiting: Int = 0, setAside: [Entry] = [],
        duplicates: [Entry] = [], held: [Entry] = [], choices: [Choice] = [], unread: [Entry] = [],
        deletedLately: Int = 0
    ) {
        self.collection = collection
        self.lastExchange = lastExchange
        self.waiting = waiting
        self.setAside = setAside
        self.duplicates = duplicates
        self.held = held
        self.choices = choices
        self.unread = unread
        self.deletedLately = deletedLately
    }

    /// Reads a status as a journal recorded it; one recorded before choices, unread cards or
    /// deletions lately were kept has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            collection: container.decodeIfPresent(String.self, forKey: .collection),
            lastExchange: container.decodeIfPresent(Exchange.self, forKey: .lastExchange),
            waiting: container.decode(Int.self, forKey: .waiting),
            setAside: container.decode([Entry].self, forKey: .setAside),
            duplicates: container.decode([Entry].self, forKey: .duplicates),
            held: container.decode([Entry].self, forKey: .held),
            choices: container.decodeIfPresent([Choice].self, forKey: .choices) ?? [],
            unread: container.decodeIfPresent([Entry].self, forKey: .unread) ?? [],
            deletedLately: container.decodeIfPresent(Int.self, forKey: .deletedLately) ?? 0)
    }

    /// Ends the choices of the person `id` on `fields` (all of them when `nil`: the person was
    /// deleted), as the database does when the user chooses or the value here changes.
    ///
    /// ```swift
    /// status.endChoices(of: "p1", [.email])   // p1's email no longer waits; p1 goes once none does
    /// ```
    public mutating func endChoices(of id: Person.ID, _ fields: [PersonField]? = nil) {
        guard let index = choices.firstIndex(where: { $0.id == id }) else { return }
        choices[index].fields.removeAll { fields?.contains($0) ?? true }
        if choices[index].fields.isEmpty { choices.remove(at: index) }
    }
}
