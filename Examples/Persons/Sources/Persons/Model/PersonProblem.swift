/// What is wrong with one field of a person as typed: the field, and what to do about it.
///
/// ```swift
/// let problem = PersonProblem(field: .age, message: "Give an age from 0 to 150.")
/// problem.description   // "Age: Give an age from 0 to 150."
/// ```
public struct PersonProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field that is wrong.
    public let field: PersonField
    /// What to do about it, in words for the person who typed it.
    public let message: String

    /// A problem with `field`.
    public init(field: PersonField, message: String) {
        self.field = field
        self.message = message
    }

    /// The field's label, then the message.
    public var description: String { "\(field.label): \(message)" }
}
