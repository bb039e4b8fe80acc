/// How many downloaded records were left out of a sync, and why: the count the user is told.
///
/// ```swift
/// var skipped = SkippedRecords()
/// skipped.add(.missingID, count: 2)
/// skipped.description   // "2 without an id"
/// ```
public struct SkippedRecords: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Why a record was left out.
    public enum Reason: String, Error, CaseIterable, Hashable, Sendable {
        /// Not a record at all (not an object, or not JSON the decoder can read).
        case unreadable
        /// No id to keep the person by.
        case missingID
        /// An id with control characters, or too long to be one.
        case invalidID
        /// The id of a record earlier in the same download: the first one is kept.
        case duplicateID
        /// A record the database refused to store (the log has why); the others are stored.
        case unstorable
        /// A person deleted here: a sync does not bring them back.
        case deletedHere
        /// A card larger than the app reads (a photo of many megabytes): the others are read.
        case tooLarge
        /// A card whose ETag HTTP cannot carry (a line break in it): it cannot be written back on
        /// its condition, so it is not taken.
        case unusableTag

        /// The reason in a few words: "without an id".
        public var phrase: String {
            switch self {
            case .unreadable: "unreadable"
            case .missingID: "without an id"
            case .invalidID: "with an invalid id"
            case .duplicateID: "repeating an earlier id"
            case .unstorable: "refused by the database"
            case .tooLarge: "larger than 1 MiB"
            case .unusableTag: "with an ETag HTTP cannot carry"
            case .deletedHere: "deleted here"
            }
        }
    }

    private var counts: [Reason: Int] = [:]

    /// Nothing skipped.
    public init() {}

    /// How many records were skipped for `reason`.
    public subscript(reason: Reason) -> Int { counts[reason, default: 0] }

    /// How many records were skipped in all.
    public var total: Int { counts.values.reduce(0, +) }

    /// Counts `count` more records skipped for `reason`.
    public mutating func add(_ reason: Reason, count: Int = 1) {
        guard count > 0 else { return }
        counts[reason, default: 0] += count
    }

    /// Adds the counts of `other`.
    public mutating func add(_ other: SkippedRecords) {
        for (reason, count) in other.counts { add(reason, count: count) }
    }

    /// "3 unreadable, 2 without an id", in a fixed order; empty when nothing was skipped.
    public var description: String {
        Reason.allCases.compactMap { reason in self[reason] > 0 ? "\(self[reason]) \(reason.phrase)" : nil }
            .joined(separator: ", ")
    }
}
