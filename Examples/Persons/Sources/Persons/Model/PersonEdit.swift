/// A person edited here, as they were stored before and as saved: what the database worker's
/// edit returns, so that the use case knows which fields changed without reading them again.
///
/// ```swift
/// let edit = try await db.editPerson(id: "p1", PersonDraft([.email: "ada@example.org"]))
/// edit.changed   // [.email]
/// ```
public struct PersonEdit: Equatable, Sendable {
    /// The person as stored before the edit.
    public let stored: Person
    /// The person as saved.
    public let saved: Person

    /// An edit of `stored` into `saved`.
    public init(stored: Person, saved: Person) {
        self.stored = stored
        self.saved = saved
    }

    /// The fields whose text the edit changed, in ``PersonField`` order.
    public var changed: [PersonField] {
        PersonField.allCases.filter { $0.text(of: stored) != $0.text(of: saved) }
    }
}
