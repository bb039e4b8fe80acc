import Persons

/// A choice between the two values of a field changed both here and in the address book, as
/// posted from the person's page: the field by name, and which side to keep. A field or side the
/// app does not know is refused when the form is read (400).
struct ConflictForm: Decodable, Sendable {
    /// The field changed on both sides.
    let field: PersonField
    /// The side whose value the user keeps.
    let keep: PersonConflict.Choice
}
