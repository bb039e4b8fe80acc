import Mustache

/// The rows of the people list: sections of rows (titled by region while grouped), links to
/// jump into it (by letter for a name), and links to the previous and next pages, each to the
/// address of its page, landing at the top of the list.
/// How many match is ``ListSummaryView``'s.
///
/// ```swift
/// let list = PeopleListView(
///     sections: [.init(title: "KR", rows: [row])], previous: nil, next: "/?at=after%3AAda%20Park%2Cid-1")
/// ```
public struct PeopleListView: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "sections": \.sections, "previous": \.previous, "next": \.next, "jumps": \.jumps, "hasJumps": \.hasJumps,
    ]

    /// The partial name, and the id of the root element.
    public static let templateName = "list"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <section id="list" class="list">
        {{#sections}}<section class="region">{{#title}}<h2>{{title}}</h2>{{/title}}<ul>{{#rows}}{{> row}}{{/rows}}</ul></section>
        {{/sections}}
        {{#hasJumps}}<nav class="jumps" aria-label="Jump to">{{#jumps}}<a class="button" href="{{href}}#list" data-live-patch>{{label}}</a>{{/jumps}}</nav>{{/hasJumps}}
        <nav class="pages" aria-label="Pages">
        {{#previous}}<a class="button" href="{{previous}}#list" rel="prev" data-live-patch>Previous</a>{{/previous}}
        {{#next}}<a class="button" href="{{next}}#list" rel="next" data-live-patch>Next</a>{{/next}}
        </nav>
        </section>
        """

    /// Rows under a region title, or untitled when the list is not grouped.
    public struct Section: Equatable, Sendable, ShowFields {
        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = ["title": \.title, "rows": \.rows]

        let title: String?
        let rows: [PersonRowView]

        /// A section of `rows`.
        public init(title: String?, rows: [PersonRowView]) {
            self.title = title
            self.rows = rows
        }
    }

    let sections: [Section]
    let previous: String?
    let next: String?
    let jumps: [Jump]
    var hasJumps: Bool { !jumps.isEmpty }

    /// A link to where a page starts, labelled (`M`, to the page from M).
    public struct Jump: Equatable, Sendable, ShowFields {
        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = ["label": \.label, "href": \.href]

        let label: String
        let href: String

        /// A link labelled `label`, to the page at `href`.
        public init(label: String, href: String) {
            self.label = label
            self.href = href
        }
    }

    /// The list's `sections`, the addresses of the `previous` and `next` pages, if there are
    /// such pages, and the `jumps` it offers.
    public init(sections: [Section], previous: String?, next: String?, jumps: [Jump] = []) {
        self.sections = sections
        self.previous = previous
        self.next = next
        self.jumps = jumps
    }
}
