import ArgumentParser
import Persons

/// The person a command acts on: `pure show ID`, `pure edit ID`, `pure delete ID`.
struct PersonIDArgument: ParsableArguments {
    @Argument(help: "The person's id, as `pure list` shows it.")
    var id: String

    /// The id without the spaces around it.
    var value: Person.ID { id.trimmingCharacters(in: .whitespaces) }

    func validate() throws {
        guard !value.isEmpty else { throw ValidationError("Give the id of a person.") }
    }
}
