import ArgumentParser
import Persons
import PersonsVessel

/// `pure restore ID`: brings back a person deleted lately.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Bring back a person deleted in the last 30 days (see pure deleted).")

    @OptionGroup var options: CommonOptions

    @OptionGroup var person: PersonIDArgument

    func run() async throws {
        let person = try await options.inVessel { (vessel) throws(Fizzle) in
            try await vessel.restorePersonAction(self.person.value)
        }
        Terminal.print("Brought back \(person.name) (\(person.id)).")
    }
}
