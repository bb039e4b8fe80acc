import Mustache

/// The people list: sections of rows (titled by region while grouped), a summary, and buttons
/// to the previous and next pages.
///
/// ```swift
/// let list = PeopleListView(
///     sections: [.init(title: "KR", rows: [row])], summary: "Page 1 of 3 · 250 people", empty: nil,
///     message: nil, previous: nil, next: 1)
/// ```
public struct PeopleListView: ShowComponent, Equatable {
    /// The partial name, and the id of the root element.
    public static let templateName = "list"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <section id="list" class="list">
        <p class="summary">{{summary}}</p>
        {{#message}}<p class="failure" role="alert">{{message}}</p>{{/message}}
        {{#emptyText}}<p class="empty">{{emptyText}}</p>{{/emptyText}}
        {{#sections}}<section class="region">{{#title}}<h2>{{title}}</h2>{{/title}}<ul>{{#rows}}{{> row}}{{/rows}}</ul></section>
        {{/sections}}
        <nav class="pages" aria-label="Pages">
        {{#previous}}<form method="post" action="\(SitePath.page)" data-live><button type="submit" name="page" value="{{previous}}">Previous</button></form>{{/previous}}
        {{#next}}<form method="post" action="\(SitePath.page)" data-live><button type="submit" name="page" value="{{next}}">Next</button></form>{{/next}}
        </nav>
        </section>
        """

    /// Rows under a region title, or untitled when the list is not grouped.
    public struct Section: Equatable, Sendable {
        let title: String?
        let rows: [PersonRowView]

        /// A section of `rows`.
        public init(title: String?, rows: [PersonRowView]) {
            self.title = title
            self.rows = rows
        }
    }

    let sections: [Section]
    let summary: String
    let emptyText: String?
    let message: String?
    let previous: String?
    let next: String?

    /// The list: its `sections`, the `summary` line, why it is `empty` (if it is), `message` if
    /// the page could not be read, and the `previous` and `next` pages (from 0), if any.
    public init(
        sections: [Section], summary: String, empty: String?, message: String?, previous: Int?, next: Int?
    ) {
        self.sections = sections
        self.summary = summary
        emptyText = empty
        self.message = message
        self.previous = previous.map(String.init)
        self.next = next.map(String.init)
    }
}

extension PeopleListView: ShowFields {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "sections": \.sections, "summary": \.summary, "emptyText": \.emptyText, "message": \.message,
        "previous": \.previous, "next": \.next,
    ]
}

extension PeopleListView.Section: ShowFields {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = ["title": \.title, "rows": \.rows]
}
