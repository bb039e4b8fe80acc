/// A person deleted here, or by a pull of the address book, kept for ``keptDays`` so that they
/// can be brought back: as they were, when, and by which side.
///
/// ```swift
/// let gone = try await service.readDeletedAction()
/// gone.first?.person.name   // "Ada Park"
/// ```
public struct DeletedPerson: Equatable, Sendable, Codable {
    /// Who deleted them.
    public enum Side: String, Equatable, Sendable, Codable {
        /// A user, here (the edit page, `pure delete`).
        case here
        /// Another client, in the address book: a pull deleted them here.
        case addressBook
    }

    /// How long a deleted person is kept, in days; after that only their id is, so that the
    /// directory's sync does not bring them back.
    public static let keptDays = 30

    /// The person as they were.
    public let person: Person
    /// When they were deleted, in seconds since 1970.
    public let at: Int
    /// Who deleted them.
    public let by: Side

    /// A person deleted at `at` by `by`.
    public init(person: Person, at: Int, by: Side) {
        self.person = person
        self.at = at
        self.by = by
    }
}
