import ArgumentParser
import Foundation
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

    /// The furthest page `--page` walks to: each page is one read from the one before it.
    static let pageLimit = 10_000

    @OptionGroup var options: CommonOptions

    @Option(help: "Only people with a word of the name or of the username starting with each word of this text.")
    var search: String?

    @Option(help: ArgumentHelp("Only people of this region (as --filter region=CODE).", valueName: "country-code"))
    var region: String?

    @Option(
        name: .customLong("filter"),
        help: ArgumentHelp(
            "Only people whose NAME is VALUE, for NAME one of: \(ListFilter.allCases.map(\.rawValue).joined(separator: ", ")). Repeatable.",
            valueName: "NAME=VALUE"))
    var filters: [String] = []

    @Option(help: "The order the list comes in (after the region while grouped).")
    var order: ListOrder = ListCriteria().order

    @Option(help: "Start at the first value the order sorts by (the region while grouped) from this text, such as M.")
    var from: String?

    @Option(help: "The page to show, from 1, counted from the start (or from --from).")
    var page = 1

    @Option(
        name: .customLong("count-by"),
        help: ArgumentHelp(
            "Instead of a page, how many people have each value of NAME, one of: \(ListFilter.allCases.map(\.rawValue).joined(separator: ", ")).",
            valueName: "NAME"))
    var countBy: ListFilter?

    /// The filters given, each checked by its declaration.
    func checkedFilters() throws -> [ListFilter: String] {
        var checked: [ListFilter: String] = [:]
        for given in filters + (region.map { ["region=\($0)"] } ?? []) {
            let (name, text) = (given.prefix { $0 != "=" }, given.drop { $0 != "=" }.dropFirst())
            guard let filter = ListFilter(rawValue: String(name)) else {
                let names = ListFilter.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("--filter takes NAME=VALUE for NAME one of \(names), not \"\(given)\".")
            }
            guard let value = filter.checked(String(text)) else {
                throw ValidationError("\(filter.label) takes \(filter.expected), not \"\(text)\".")
            }
            checked[filter] = value
        }
        return checked
    }

    func validate() throws {
        guard (1...Self.pageLimit).contains(page) else {
            throw ValidationError("--page must be between 1 and \(Self.pageLimit), not \(page).")
        }
        if countBy != nil, search != nil || region != nil || !filters.isEmpty || from != nil || page != 1 {
            throw ValidationError(
                "--count-by counts everyone: give it without --search, --region, --filter, --from or --page.")
        }
        if let from, ListPosition("from:" + from) == nil {
            throw ValidationError("--from takes some text of what the list is sorted by, such as M.")
        }
        _ = try checkedFilters()
    }

    func run() async throws {
        options.startLogging()
        if let countBy {
            let counts = try await reporting(options) { () throws(Fizzle) -> [String: Int] in
                try await options.withVessel { (vessel) throws(Fizzle) in try await vessel.countPeopleAction(countBy) }
            }
            // The most people first, then by value: the values a filter can be given, as stored.
            let width = counts.keys.map(\.count).max() ?? 0
            for (value, count) in counts.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
                Terminal.print(value.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(count)")
            }
            return
        }
        let filters = try checkedFilters()
        let (switches, list, shown) = try await reporting(options) {
            () throws(Fizzle) -> (Switches, ListState, Int) in
            try await options.withVessel { (vessel) throws(Fizzle) in
                // Each page is a list of its own, read before the action returns, as a tab's is.
                var criteria = ListCriteria(
                    search: search ?? "", filters: filters, order: order, position: from.map { .from($0) } ?? .start)
                var list = await vessel.openListAction(criteria)
                var shown = 1
                while shown < page, let next = vessel.appState.value.lists[list.key]?.result.next {
                    criteria.position = next
                    list = await vessel.openListAction(criteria)
                    shown += 1
                }
                let state = vessel.appState.value
                return (state.field, state.lists[list.key] ?? ListState(criteria: criteria), shown)
            }
        }
        if let message = list.message {
            Terminal.printError(message)
            throw ExitCode.failure
        }
        if shown < page {
            Terminal.printError("There is no page \(page): the list has \(shown) \(shown == 1 ? "page" : "pages").")
            throw ExitCode.failure
        }
        for line in ListText(list, switches).lines {
            Terminal.print(line)
        }
    }
}

/// `--order` takes an order by its name, and its help lists the declared ones.
extension ListOrder: ExpressibleByArgument {}

/// `--count-by` takes a filter by its name, and its help lists the declared ones.
extension ListFilter: ExpressibleByArgument {}
