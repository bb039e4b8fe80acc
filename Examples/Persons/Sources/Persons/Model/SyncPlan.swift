/// A sync of `count` people from one directory, asked for in pages of `pageSize` with one
/// `seed`, so that the same page always brings the same people; and how many of its pages are
/// stored. It is saved with the people, page by page, so that a sync that stopped (killed,
/// crashed, offline) resumes at the first page it lacks.
///
/// ```swift
/// var plan = SyncPlan(source: "https://randomuser.me/api/", count: 12_000, seed: "k3x9", pageSize: 5_000)
/// plan.pages                  // 3
/// plan.people(onPage: 3)      // 2000
/// plan.pagesStored = 2        // the next page is 3
/// ```
public struct SyncPlan: Equatable, Sendable {
    /// How many people one sync may bring: what `pure sync --count` takes, and what a plan read
    /// back from a file may say.
    public static let countRange = 1...1_000_000

    /// Where the people come from: the directory's address, or ``bundledSource``.
    public let source: String

    /// The ``source`` of the sample bundled with the app: strangers made up for trying the app,
    /// never sent to the user's address book.
    public static let bundledSource = "bundled"

    /// Whether the people come from the bundled sample.
    public var isSample: Bool { source == Self.bundledSource }
    /// How many people the sync stores.
    public let count: Int
    /// The seed every page is asked with.
    public let seed: String
    /// How many people each page asks for: the same on every page, the last one included.
    public let pageSize: Int
    /// How many pages, from the first, are stored.
    public var pagesStored: Int

    /// A sync of `count` people from `source` in pages of `pageSize` (both at least 1).
    public init(source: String, count: Int, seed: String, pageSize: Int, pagesStored: Int = 0) {
        self.source = source
        self.count = max(1, count)
        self.seed = seed
        self.pageSize = max(1, pageSize)
        self.pagesStored = min(max(0, pagesStored), (self.count + self.pageSize - 1) / self.pageSize)
    }

    /// The plan a file kept, if a sync could have written it: a count in ``countRange``, a page
    /// size from 1 to the count, no more pages stored than it has, and a seed ``newSeed()``
    /// could have made (see ``isSeed(_:)``). `nil` for anything else, which the next sync
    /// replaces with a new plan: a file cannot make every later sync ask with a seed the
    /// directory refuses (a million characters is an address too long for any server).
    ///
    /// ```swift
    /// SyncPlan(stored: "bundled", count: 6_000, seed: "k3x9", pageSize: 0, pagesStored: 1)   // nil
    /// ```
    public init?(stored source: String, count: Int, seed: String, pageSize: Int, pagesStored: Int) {
        guard Self.countRange.contains(count), (1...count).contains(pageSize), Self.isSeed(seed) else { return nil }
        guard (0...(count + pageSize - 1) / pageSize).contains(pagesStored) else { return nil }
        self.init(source: source, count: count, seed: seed, pageSize: pageSize, pagesStored: pagesStored)
    }

    /// How many pages it takes.
    public var pages: Int { (count + pageSize - 1) / pageSize }

    /// Whether every page is stored.
    public var isDone: Bool { pagesStored >= pages }

    /// How many people page `page` (from 1) brings into the sync: all it asks for, but on the
    /// last page only those still missing.
    public func people(onPage page: Int) -> Int {
        max(0, min(pageSize, count - (page - 1) * pageSize))
    }

    /// How many people the stored pages brought.
    public var peopleStored: Int {
        min(count, pagesStored * pageSize)
    }

    /// A seed no earlier sync used, for a new one.
    ///
    /// ```swift
    /// SyncPlan.newSeed()   // "3k9x0q2m8v1a"
    /// ```
    public static func newSeed() -> String {
        String(UInt64.random(in: .min ... .max), radix: 36)
    }

    /// Whether `seed` is one ``newSeed()`` makes: a 64-bit number in base 36, 1 to 13 digits and
    /// lower-case letters.
    ///
    /// ```swift
    /// SyncPlan.isSeed("3k9x0q2m8v1a")   // true
    /// SyncPlan.isSeed("a&page=9")       // false
    /// ```
    public static func isSeed(_ seed: String) -> Bool {
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        let letters = UInt8(ascii: "a")...UInt8(ascii: "z")
        return seed.utf8.count <= 13 && seed.utf8.allSatisfy { digits.contains($0) || letters.contains($0) }
            && UInt64(seed, radix: 36) != nil
    }

    /// Whether this plan is an unfinished `other` (the same count from the same directory in
    /// pages of the same size), to be resumed with its own seed.
    ///
    /// ```swift
    /// stopped.continues(SyncPlan(source: "bundled", count: 12_000, seed: "new", pageSize: 5_000))
    /// ```
    public func continues(_ other: SyncPlan) -> Bool {
        !isDone && count == other.count && source == other.source && pageSize == other.pageSize
    }
}
