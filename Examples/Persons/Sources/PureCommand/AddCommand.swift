import ArgumentParser
import Persons
import PersonsVessel

/// `pure add --name … --age … --region …`: adds a person, as the add form does.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a person.",
        discussion: "A name is needed; the id is made for the new person and printed.")

    @OptionGroup var options: CommonOptions
    @OptionGroup var fields: PersonFieldOptions

    func run() async throws {
        try await options.printingPerson { (vessel) throws(Fizzle) in
            try await vessel.addPersonAction(fields.draft)
        }
    }
}
