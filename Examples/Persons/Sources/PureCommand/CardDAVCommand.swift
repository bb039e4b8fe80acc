import ArgumentParser
import Persons
import PersonsVessel

/// `pure carddav`: the address book the people are kept in step with.
struct CardDAVCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carddav", abstract: "Keep the people in step with a CardDAV address book.",
        subcommands: [Sync.self])

    /// `pure carddav sync --carddav URL`: one exchange, both ways.
    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send the changes made here to the address book, then receive the changes made there.",
            discussion: """
                The first sync with an address book merges both sides by the card's UID. The password \
                comes from $PURE_CARDDAV_PASSWORD or --carddav-password-file, never from an argument.
                """)

        @OptionGroup var options: CommonOptions
        @OptionGroup var carddav: CardDAVOptions

        func validate() throws {
            guard carddav.address != nil else { throw ValidationError("Give the address book's URL with --carddav.") }
        }

        func run() async throws {
            options.startLogging()
            let settings = try carddav.settings()
            let report = try await reporting(options) { () throws(Fizzle) -> String in
                let configuration = VesselConfiguration(databasePath: options.databasePath, addressBook: settings)
                return try await options.withVessel(configuration) { (vessel) throws(Fizzle) in
                    try await vessel.syncAddressBookAction()
                }
            }
            Terminal.print(report)
        }
    }
}
