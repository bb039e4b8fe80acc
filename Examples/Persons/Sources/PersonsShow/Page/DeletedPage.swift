import Mustache

/// The people deleted lately, here or in the address book, newest first, each with a button that
/// brings them back; just after a delete, who went first, with Undo.
///
/// ```swift
/// let row = DeletedPage.Row(name: "Ada Park", when: "2026-11-27", by: "here", restore: SitePath.restore("p1"))
/// Shows.render(DeletedPage(rows: [row], days: 30, gone: row))
/// ```
public struct DeletedPage: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "head": \.head, "rows": \.rows, "hasRows": { !$0.rows.isEmpty }, "days": \.days, "gone": \.gone,
    ]

    /// One person deleted: their name, when, by whom, and where the button posts.
    public struct Row: Equatable, Sendable, ShowFields {
        let name: String
        let when: String
        let by: String
        let restore: String

        /// A row of `name`, deleted on `when` by `by` ("here", "in the address book"), brought
        /// back by a post to `restore`.
        public init(name: String, when: String, by: String, restore: String) {
            self.name = name
            self.when = when
            self.by = by
            self.restore = restore
        }

        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = [
            "name": \.name, "when": \.when, "by": \.by, "restore": \.restore,
        ]
    }

    /// The partial name other templates include it by; its root element has no id.
    public static let templateName = "deleted"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = PageView.frame(
        """
        <header class="bar"><a href="\(SitePath.home)" class="title">← Persons</a></header>
        <main class="deleted">
        {{#gone}}<div class="notice" role="status"><p><strong>{{name}}</strong> was deleted.</p> <form method="post" action="{{restore}}"><button type="submit" aria-label="Undo: bring back {{name}}">Undo</button></form> <a href="\(SitePath.home)">Back to people</a></div>{{/gone}}
        <h1>Recently deleted</h1>
        <p>People deleted here or in the address book are kept {{days}} days: bring one back here, and a linked address book gets them back too.</p>
        {{#hasRows}}<ul class="deleted-people">{{#rows}}<li><form method="post" action="{{restore}}"><span>{{name}}</span> <small>deleted {{by}} on {{when}}</small> <button type="submit" aria-label="Bring back {{name}}">Bring back</button></form></li>{{/rows}}</ul>{{/hasRows}}
        {{^hasRows}}<p>Nobody was deleted in the last {{days}} days.</p>{{/hasRows}}
        </main>
        """)

    let head: PageView
    let rows: [Row]
    let days: Int
    let gone: Row?

    /// The page of these `rows`, kept `days` days; `gone`, the person deleted just now, if any.
    public init(rows: [Row], days: Int, gone: Row? = nil) {
        head = PageView(title: gone.map { "\($0.name) was deleted" } ?? "Recently deleted", live: nil)
        self.rows = rows
        self.days = days
        self.gone = gone
    }
}
