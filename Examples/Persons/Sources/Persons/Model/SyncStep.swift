/// What a sync under way is doing, for a person watching it: which page of how many, how many
/// people are stored, and whether it waits because the directory asked it to slow down.
///
/// ```swift
/// SyncStep(page: 3, pages: 20, stored: 10_000, count: 100_000).text
/// // "Page 3 of 20: 10,000 of 100,000 people stored."
/// ```
public struct SyncStep: Equatable, Sendable, Codable {
    /// The page being asked for or stored, from 1.
    public var page: Int
    /// How many pages the sync takes.
    public var pages: Int
    /// How many people are stored so far.
    public var stored: Int
    /// How many people the sync stores in all.
    public var count: Int
    /// The page the sync resumed at, if it resumed an earlier one.
    public var resumedAt: Int?
    /// Seconds it waits before asking again, because the directory said it had asked too often.
    public var waiting: Int?
    /// Once the people are stored: how many of the photos not kept yet are done, of how many.
    public var photos: Tally?

    /// How many of some things are done, of how many.
    public struct Tally: Equatable, Sendable, Codable {
        /// How many are done.
        public var done: Int
        /// How many there are.
        public var of: Int

        /// `done` of `of`.
        public init(done: Int, of: Int) {
            self.done = done
            self.of = of
        }
    }

    /// A step of a sync.
    public init(page: Int, pages: Int, stored: Int, count: Int, resumedAt: Int? = nil, waiting: Int? = nil) {
        self.page = page
        self.pages = pages
        self.stored = stored
        self.count = count
        self.resumedAt = resumedAt
        self.waiting = waiting
    }

    /// The step in words.
    public var text: String {
        if let photos { return "Photos: \(photos.done.grouped) of \(photos.of.grouped) kept." }
        var text = "Page \(page) of \(pages): \(stored.grouped) of \(count.grouped) people stored."
        if let resumedAt { text = "Resumed at page \(resumedAt) of \(pages). " + text }
        if let waiting {
            text += " The directory asks us to slow down: asking again in \(waiting) s."
        }
        return text
    }
}

extension Int {
    /// The number with a comma between thousands: `12,000`.
    var grouped: String {
        let digits = String(magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index).isMultiple(of: 3) { text.append(",") }
            text.append(digit)
        }
        return (self < 0 ? "-" : "") + text
    }
}
