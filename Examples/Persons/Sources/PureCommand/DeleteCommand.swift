import ArgumentParser
import Persons
import PersonsVessel

/// `pure delete ID`: deletes a person, as the edit page's button does.
struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a person.",
        discussion: "A person deleted here is not brought back by a later sync of the directory.")

    @OptionGroup var options: CommonOptions

    @Argument(help: "The person's id, as `pure list` shows it.")
    var id: String

    func validate() throws {
        guard !id.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("Give the id of a person.")
        }
    }

    func run() async throws {
        options.startLogging()
        let person = try await reporting(options) { () throws(Fizzle) -> Person in
            let vessel = try await Vessel.open(
                VesselConfiguration(databasePath: options.databasePath), journal: options.makeJournal())
            let tracer = options.startTracing(vessel)
            defer { tracer?.stop() }
            let id = id.trimmingCharacters(in: .whitespaces)
            let person = try await vessel.loadPersonAction(id)
            try await vessel.deletePersonAction(id)
            return person
        }
        Terminal.print("Deleted \(person.name) (\(person.id)).")
    }
}
