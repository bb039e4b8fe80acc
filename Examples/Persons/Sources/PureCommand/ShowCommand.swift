import ArgumentParser
import Persons
import PersonsVessel

/// `pure show ID`: one person, as the detail screen shows them.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one person.",
        discussion: "The region is shown while the region switch is on.")

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
        let (person, switches) = try await reporting(options) { () throws(Fizzle) -> (Person, Switches) in
            let vessel = try await Vessel.open(
                VesselConfiguration(databasePath: options.databasePath), journal: options.makeJournal())
            let tracer = options.startTracing(vessel)
            defer { tracer?.stop() }
            let person = try await vessel.loadPersonAction(id.trimmingCharacters(in: .whitespaces))
            return (person, vessel.appState.value.field)
        }
        PersonText.print(person, switches)
    }
}
