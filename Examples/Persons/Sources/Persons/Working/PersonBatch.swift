/// People from one stretch of a download, and the records of that stretch that could not
/// become people.
///
/// ```swift
/// var skipped = SkippedRecords()
/// skipped.add(.missingID)
/// let batch = PersonBatch(people: people, skipped: skipped)
/// ```
public struct PersonBatch: Equatable, Sendable {
    /// The people, in download order.
    public var people: [Person]
    /// The records left out, by reason.
    public var skipped: SkippedRecords

    /// Creates a batch.
    public init(people: [Person], skipped: SkippedRecords = SkippedRecords()) {
        self.people = people
        self.skipped = skipped
    }
}
