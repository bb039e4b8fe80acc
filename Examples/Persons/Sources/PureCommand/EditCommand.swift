import ArgumentParser
import Persons
import PersonsVessel

/// `pure edit ID --email …`: saves the fields given over a person, as the edit form does.
struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Edit a person.",
        discussion: """
            Each field given replaces the stored one; the others keep their values. A field edited \
            here keeps its value when the directory is synced again.
            """)

    @OptionGroup var options: CommonOptions
    @OptionGroup var fields: PersonFieldOptions

    @Argument(help: "The person's id, as `pure list` shows it.")
    var id: String

    func validate() throws {
        guard !id.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("Give the id of a person.")
        }
        guard !fields.isEmpty else {
            throw ValidationError("Give at least one field to change, such as --email.")
        }
    }

    func run() async throws {
        options.startLogging()
        let (person, switches) = try await reporting(options) { () throws(Fizzle) -> (Person, Switches) in
            let vessel = try await Vessel.open(
                VesselConfiguration(databasePath: options.databasePath), journal: options.makeJournal())
            let tracer = options.startTracing(vessel)
            defer { tracer?.stop() }
            let id = id.trimmingCharacters(in: .whitespaces)
            let stored = try await vessel.loadPersonAction(id)
            let person = try await vessel.editPersonAction(id, fields.applied(to: PersonDraft(stored)))
            return (person, vessel.appState.value.field)
        }
        PersonText.print(person, switches)
    }
}
