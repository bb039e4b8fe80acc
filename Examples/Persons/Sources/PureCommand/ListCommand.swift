import ArgumentParser
import Persons
import PersonsVessel

/// `pure list`: one page of the people list, as the home screen shows it.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List people, a page at a time.",
        discussion:
            "Grouped by region while the region switch is on, showing usernames while the username switch is on."
    )

    @OptionGroup var options: CommonOptions

    @Option(help: "Only people with a word of the name, or the username, starting with this text.")
    var search: String?

    @Option(help: ArgumentHelp("Only people of this region.", valueName: "country-code"))
    var region: String?

    @Option(help: "The page to show, from 1.")
    var page = 1

    func validate() throws {
        let pages = (PageRequest.pageRange.lowerBound + 1)...(PageRequest.pageRange.upperBound + 1)
        guard pages.contains(page) else {
            throw ValidationError("--page must be between \(pages.lowerBound) and \(pages.upperBound), not \(page).")
        }
        if let region, !(region.count == 2 && region.allSatisfy { $0.isASCII && $0.isLetter }) {
            throw ValidationError("--region takes a two-letter country code such as KR, not \"\(region)\".")
        }
    }

    func run() async throws {
        options.startLogging()
        let state = try await reporting(options) { () throws(Fizzle) -> Roger in
            let vessel = try await Vessel.open(
                VesselConfiguration(databasePath: options.databasePath), journal: options.makeJournal())
            let tracer = options.startTracing(vessel)
            defer { tracer?.stop() }
            // Each action returns once the list query has read the page its criteria ask for.
            await vessel.applySearchAction(search ?? "")
            await vessel.filterRegionAction(region)
            await vessel.showPageAction(page - 1)
            return vessel.appState.value
        }
        if let message = state.query.message {
            Terminal.printError(message)
            throw ExitCode.failure
        }
        for line in ListText(state).lines {
            Terminal.print(line)
        }
    }
}
