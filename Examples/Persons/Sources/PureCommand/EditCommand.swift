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

    @OptionGroup var person: PersonIDArgument

    func validate() throws {
        guard !fields.isEmpty else {
            throw ValidationError("Give at least one field to change, such as --email.")
        }
    }

    func run() async throws {
        try await options.printingPerson { (vessel) throws(Fizzle) in
            try await vessel.editPersonAction(self.person.value, fields.draft)
        }
    }
}
