import Mustache

/// The page that edits or adds a person: the form, what is wrong with it if a save was refused,
/// and, for a person stored, the link to delete them (a page that asks once more). An edit form
/// opened anew is live (`live`): a save elsewhere shows in the fields the user has not changed,
/// and never in one they did (the live engine keeps those as they are).
///
/// ```swift
/// let form = PersonFormView(action: SitePath.add, button: "Add", fields: [])
/// Shows.render(PersonFormPage(title: "Add a person", back: SitePath.home, form: form, delete: nil))
/// ```
public struct PersonFormPage: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "head": \.head, "title": \.title, "back": \.back, "summary": \.summary, "form": \.form, "delete": \.delete,
    ]

    /// The partial name other templates include it by; its root element has no id.
    public static let templateName = "person-form-page"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = PageView.frame(
        """
        <header class="bar"><a href="{{back}}" class="title">← Back</a></header>
        <main class="editing">
        <h1>{{title}}</h1>
        {{#summary}}<p class="problems" role="alert">{{summary}}</p>{{/summary}}
        {{#form}}{{> person-form}}{{/form}}
        {{#delete}}<p class="delete"><a href="{{delete}}">Delete this person…</a></p>{{/delete}}
        </main>
        """)

    let head: PageView
    let title: String
    let back: String
    let summary: String?
    let form: PersonFormView
    let delete: String?

    /// The page titled `title`, going back to `back`, with `form`, a `summary` of what is wrong
    /// if given, a link to `delete` (the page that asks once more) if given, live at `live` if
    /// given.
    public init(
        title: String, back: String, summary: String? = nil, form: PersonFormView, delete: String?, live: String? = nil
    ) {
        head = PageView(title: title, live: live)
        self.title = title
        self.back = back
        self.summary = summary
        self.form = form
        self.delete = delete
    }
}
