import ArgumentParser
import Persons
import PersonsVessel

/// `pure delete ID`: deletes a person, as the edit page's button does.
struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a person.",
        discussion: "A person deleted here is not brought back by a later sync of the directory.")

    @OptionGroup var options: CommonOptions

    @OptionGroup var person: PersonIDArgument

    func run() async throws {
        let person = try await options.inVessel { (vessel) throws(Fizzle) -> Person in
            let stored = try await vessel.loadPersonAction(self.person.value)
            try await vessel.deletePersonAction(stored.id)
            return stored
        }
        Terminal.print("Deleted \(person.name) (\(person.id)).")
    }
}
