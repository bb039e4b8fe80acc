import Persons
import PersonsShow
import PureLive

/// The home page, declared once for the live engine (see `LivePage`): its live parts, each
/// what it reads of the state and what it shows, and the page made of them. A new live part is
/// a property here and its place in ``page(_:)``; the engine finds it, watches what it reads,
/// and sends it when that changes.
struct HomeParts: LivePage {
    let switches = LivePart.switches(back: SitePath.home)

    let sync = LivePart(reads: \Roger.sys) {
        SyncStatusView(
            progress: $0.sync.permille, failure: $0.sync.message, note: $0.sync.value ?? nil, step: $0.step?.text)
    }

    let search = LivePart(reads: SearchInput.init) { input in
        SearchView(
            text: input.search,
            filters: ListFilter.allCases.map { filter in
                SearchView.Filter(
                    name: filter.rawValue, label: filter.label, value: input.filters[filter] ?? "",
                    choices: filter.choices)
            })
    }

    /// What the search form shows: the search and the filters, not where the list is.
    struct SearchInput: Equatable, Sendable {
        let search: String
        let filters: [ListFilter: String]

        init(_ state: Roger) {
            search = state.query.criteria.search
            filters = state.query.criteria.filters
        }
    }

    let list = LivePart(reads: ListInput.init) { input in
        let listing = Listing(input.query, input.switches)
        return PeopleListView(
            sections: listing.sections.map { section in
                PeopleListView.Section(
                    title: section.region,
                    rows: section.rows.map { row in
                        PersonRowView(
                            label: row.label, text: row.text, href: SitePath.person(row.id),
                            isLastOpened: row.id == input.lastOpened)
                    })
            },
            summary: listing.summary, empty: listing.empty?.text, message: input.query.message,
            previous: listing.previous?.description, next: listing.next?.description,
            jumps: listing.jumps.map { PeopleListView.Jump(label: $0.letter, position: $0.position.description) })
    }

    /// What the list shows: the rows (grouped the way they were read, see `Listing`), the
    /// switches, and the person last opened.
    struct ListInput: Equatable, Sendable {
        let query: Roger.Query
        let switches: Switches
        let lastOpened: Person.ID?

        init(_ state: Roger) {
            query = state.query
            switches = state.field
            lastOpened = state.route.uis
        }
    }

    /// The whole page, made of the parts.
    func page(_ state: Roger) -> String {
        Shows.render(
            HomePage(
                switches: switches.component(state), sync: sync.component(state), search: search.component(state),
                list: list.component(state)))
    }
}
