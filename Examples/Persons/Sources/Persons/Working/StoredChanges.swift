/// What a commit of the stored data changed, as far as its writer can tell: the people, the
/// switches, or, for a commit by another process, either (``unknown``).
///
/// ```swift
/// for await change in db.changes() where change.contains(.people) { readTheListAgain() }
/// ```
public struct StoredChanges: OptionSet, Hashable, Sendable {
    /// The bits: one per thing a commit can change.
    public let rawValue: Int

    /// Creates a set of changes from its bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The people stored.
    public static let people = StoredChanges(rawValue: 1 << 0)
    /// The switches saved.
    public static let switches = StoredChanges(rawValue: 1 << 1)
    /// Anything: a commit this process did not make, or a file replaced under it.
    public static let unknown: StoredChanges = [.people, .switches]
}
