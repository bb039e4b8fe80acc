import Foundation
import Persons
import PersonsShow

/// How the home screen turns the state into HTML. The server keeps one, shared by every home
/// page: the page and its list are rendered once per change of what they show.
final class HomeRenderer: Sendable {
    private struct PageInput: Equatable {
        let field: Switches
        let sys: Roger.Sys
        let query: Roger.Query
        let route: Roger.Route
    }

    private struct ListInput: Equatable {
        let query: Roger.Query
        let field: Switches
        let route: Roger.Route
    }

    private let pages = RenderMemo<PageInput, String>()
    private let lists = RenderMemo<ListInput, Fragment>()

    /// The whole home page for `state`.
    func page(_ state: Roger) -> String {
        pages.output(for: PageInput(field: state.field, sys: state.sys, query: state.query, route: state.route)) {
            input in
            Shows.render(
                HomePage(
                    switches: Self.switches(input.field), sync: Self.sync(input.sys),
                    search: SearchView(text: input.query.criteria.search),
                    list: Self.list(input.query, input.field, lastOpened: input.route.uis)))
        }
    }

    /// The fragments a change calls for, rendered from `state`.
    func fragments(for change: HomeChange, of state: Roger) -> [Fragment] {
        switch change {
        // The list follows the switches only once it is read for them: while the list query
        // reads the page they call for (grouping changed), its answer brings the list.
        case .field:
            [Self.fragment(Self.switches(state.field))]
                + (state.query.listed == state.pageRequest ? [list(state)] : [])
        case .query: [list(state), Self.fragment(SearchView(text: state.query.criteria.search))]
        case .sys: [Self.fragment(Self.sync(state.sys))]
        case .route: [list(state)]
        }
    }

    /// Every live part of the home page for `state`.
    func allFragments(of state: Roger) -> [Fragment] {
        [
            Self.fragment(Self.switches(state.field)), Self.fragment(Self.sync(state.sys)),
            Self.fragment(SearchView(text: state.query.criteria.search)), list(state),
        ]
    }

    private func list(_ state: Roger) -> Fragment {
        lists.output(for: ListInput(query: state.query, field: state.field, route: state.route)) {
            Self.fragment(Self.list($0.query, $0.field, lastOpened: $0.route.uis))
        }
    }

    static func switches(_ field: Switches, back: String = SitePath.home) -> SwitchesView {
        SwitchesView(isRegion: field.isRegion, isUsername: field.isUsername, back: back)
    }

    static func sync(_ sys: Roger.Sys) -> SyncStatusView {
        SyncStatusView(progress: sys.sync.permille, failure: sys.sync.message, note: sys.sync.value ?? nil)
    }

    /// The list (see ``Persons/Listing``), the person last opened marked.
    static func list(_ query: Roger.Query, _ field: Switches, lastOpened: Person.ID?) -> PeopleListView {
        let listing = Listing(query, field)
        return PeopleListView(
            sections: listing.sections.map { section in
                PeopleListView.Section(
                    title: section.region,
                    rows: section.rows.map { row in
                        PersonRowView(
                            label: row.label, text: row.text, href: SitePath.person(row.id),
                            isLastOpened: row.id == lastOpened)
                    })
            },
            summary: listing.summary, empty: listing.empty?.text, message: query.message,
            previous: listing.previousPage, next: listing.nextPage)
    }

    /// A component as a fragment: every component's root element has its template's name as id.
    static func fragment<Component: ShowComponent>(_ component: Component) -> Fragment {
        Fragment(id: Component.templateName, html: Shows.render(component))
    }
}
