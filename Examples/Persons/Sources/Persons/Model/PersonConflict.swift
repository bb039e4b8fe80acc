import Pure

/// A field of a person changed on both sides, here and in the address book, to different values:
/// the value here is kept and written to the address book, and the address book's value waits
/// here for the user to choose (``Choice``). Nothing changed by another client is lost unseen.
///
/// A conflict ends when the user chooses, or when the field's value here changes (an edit, a
/// pull of a newer card).
///
/// ```swift
/// let conflict = PersonConflict(field: .email, there: "ada@work.example")
/// conflict.field.text(of: person)   // the value here, "ada@home.example"
/// ```
public struct PersonConflict: Equatable, Sendable, Codable {
    /// Which side's value a user keeps.
    public enum Choice: String, CaseIterable, Sendable, Codable {
        /// The value here, as it is now (already in the address book).
        case here
        /// The address book's value, which then goes back to it.
        case there
    }

    /// The field changed on both sides.
    public let field: PersonField
    /// The address book's value of the field, as another client left it.
    public let there: String

    /// The conflict on `field`, whose value in the address book is `there`.
    public init(field: PersonField, there: String) {
        self.field = field
        self.there = there
    }
}

extension PersonConflict.Choice: Recordable {
    /// The choice as Swift, for a test that makes a recorded call again.
    ///
    /// ```swift
    /// PersonConflict.Choice.there.recordedSource   // PersonConflict.Choice.there
    /// ```
    public var recordedSource: String { "PersonConflict.Choice.\(rawValue)" }
}
