/// Every problem of a person as typed, one per field at most, in ``PersonField`` order: why a
/// save was refused, for a form to show beside each field.
///
/// ```swift
/// if case .failure(let problems) = draft.person(id: id, photo: nil) {
///     problems[.email]?.message   // "Give an address such as ada@example.com, or leave it empty."
/// }
/// ```
public struct PersonProblems: Error, Hashable, Sendable, CustomStringConvertible {
    /// The problems, in field order.
    public let all: [PersonProblem]

    /// The problems given, in field order.
    public init(_ problems: [PersonProblem]) {
        all = problems.sorted {
            (PersonField.allCases.firstIndex(of: $0.field) ?? 0) < (PersonField.allCases.firstIndex(of: $1.field) ?? 0)
        }
    }

    /// The problem with `field`, if it has one.
    public subscript(field: PersonField) -> PersonProblem? { all.first { $0.field == field } }

    /// Each problem, "Age: Give an age from 0 to 150.", joined by spaces.
    public var description: String { all.map(\.description).joined(separator: " ") }
}
