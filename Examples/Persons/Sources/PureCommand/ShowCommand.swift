import ArgumentParser
import Persons
import PersonsVessel

/// `pure show ID`: one person, as the detail screen shows them.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one person.",
        discussion: "The region is shown while the region switch is on.")

    @OptionGroup var options: CommonOptions

    @OptionGroup var person: PersonIDArgument

    func run() async throws {
        try await options.printingPerson { (vessel) throws(Fizzle) in
            try await vessel.loadPersonAction(self.person.value)
        }
    }
}
