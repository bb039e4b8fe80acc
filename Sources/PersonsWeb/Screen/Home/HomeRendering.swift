import Foundation
import Persons
import PersonsShow

/// How the home screen turns the state into components.
enum HomeRendering {
    static func switches(_ field: Switches, back: String = "/") -> SwitchesView {
        SwitchesView(isRegion: field.isRegion, isUsername: field.isUsername, back: back)
    }

    static func sync(_ sys: Roger.Sys) -> SyncStatusView {
        SyncStatusView(progress: sys.progress, failure: sys.last == .failure ? sys.message : nil)
    }

    /// The list: rows in region sections while the region switch is on, names or usernames
    /// per the username switch.
    static func list(_ query: Roger.Query, _ field: Switches) -> PeopleListView {
        var sections: [PeopleListView.Section] = []
        var rows: [PersonRowView] = []
        var region: String?
        for meta in query.metas {
            if field.isRegion, meta.country != region, !rows.isEmpty {
                sections.append(.init(title: region, rows: rows))
                rows = []
            }
            region = meta.country
            rows.append(
                PersonRowView(
                    label: meta.generation.label, text: field.isUsername ? meta.username : meta.name,
                    href: PersonPath.detail(meta.id)))
        }
        if !rows.isEmpty {
            sections.append(.init(title: field.isRegion ? region : nil, rows: rows))
        }
        let total = query.isTotalCapped ? "\(query.total)+" : String(query.total)
        return PeopleListView(
            sections: sections, page: query.page, pageCount: query.pageCount, total: total, message: query.message)
    }

    /// The fragments a change calls for, keeping `state` up to date with what was seen.
    static func fragments(for change: HomeChange, in state: inout Roger) -> [Fragment] {
        switch change {
        case .field(let field):
            state.field = field
            return [fragment(switches(field)), fragment(list(state.query, field))]
        case .query(let query):
            state.query = query
            return [fragment(list(query, state.field)), fragment(SearchView(text: query.search))]
        case .sys(let sys):
            state.sys = sys
            return [fragment(sync(sys))]
        }
    }

    /// A component as a fragment: every component's root element has its template's name as id.
    static func fragment<Component: ShowComponent>(_ component: Component) -> Fragment {
        Fragment(id: Component.templateName, html: Shows.render(component))
    }
}
