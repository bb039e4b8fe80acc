import ArgumentParser

/// `pure`: the Persons app from a terminal.
@main
struct PureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pure",
        abstract: "The Persons app: a directory of people, kept in a local database.",
        discussion: """
            Data comes from a randomuser.me-compatible API, or by default from a sample bundled with \
            the app, so everything works offline. The database lives in your data folder unless \
            --db or PURE_DB says otherwise.
            """,
        version: "0.1.0",
        subcommands: [
            ServeCommand.self, SyncCommand.self, ListCommand.self, ShowCommand.self, EditCommand.self, AddCommand.self,
            DeleteCommand.self, DeletedCommand.self, RestoreCommand.self, CardDAVCommand.self, ExportTestCommand.self,
        ],
        defaultSubcommand: ServeCommand.self
    )
}
