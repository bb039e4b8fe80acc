/// The users of one answer, and how many records could not be read at all.
///
/// ```swift
/// let batch = try RandomUserAccess.decode(data)
/// print(batch.users.count, "read,", batch.unreadable, "skipped")
/// ```
public struct RandomUserBatch: Equatable, Sendable {
    /// The records that could be read.
    public var users: [RandomUser]
    /// How many records could not be read at all.
    public var unreadable: Int

    /// Creates a batch.
    ///
    /// ```swift
    /// RandomUserBatch(users: [], unreadable: 0)
    /// ```
    public init(users: [RandomUser], unreadable: Int) {
        self.users = users
        self.unreadable = unreadable
    }

    /// Adds the users and the unreadable count of `other`.
    ///
    /// ```swift
    /// merged.append(nextBatch)
    /// ```
    public mutating func append(_ other: RandomUserBatch) {
        users += other.users
        unreadable += other.unreadable
    }
}
