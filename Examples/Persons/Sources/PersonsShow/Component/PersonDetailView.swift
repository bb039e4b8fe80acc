import Mustache

/// A person's details: avatar, name, labelled rows, a choice for each field changed both here and
/// in the address book, and the link to edit them; or, once they are deleted, a notice saying so
/// in place of the link.
///
/// ```swift
/// Shows.render(
///     PersonDetailView(
///         name: "Jane Roe", photo: nil, rows: [("Email", "jane@example.com")], edit: SitePath.edit("p1")))
/// ```
public struct PersonDetailView: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "name": \.name, "avatar": \.avatar, "rows": \.rows, "conflicts": \.conflicts, "edit": \.edit,
        "notice": \.notice,
    ]

    /// The partial name, and the id of the root element.
    public static let templateName = "person"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <article id="person" class="person">
        {{#avatar}}{{> avatar}}{{/avatar}}
        <h1>{{name}}</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        <dl>{{#rows}}<div class="row"><dt>{{key}}</dt><dd>{{value}}</dd></div>{{/rows}}</dl>
        {{#conflicts}}{{> conflict}}{{/conflicts}}
        {{#edit}}<p class="actions"><a href="{{edit}}" class="edit">Edit</a></p>{{/edit}}
        </article>
        """

    struct Row: Equatable, Sendable, ShowFields {
        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = ["key": \.key, "value": \.value]

        let key: String
        let value: String
    }

    let name: String
    let avatar: AvatarView
    let rows: [Row]
    let conflicts: [ConflictView]
    let edit: String?
    let notice: String?

    /// The details of `name`, with `rows` of (label, value) in order, the `conflicts` to choose, a
    /// link to `edit` them if given, and a `notice` (that they were deleted) if given.
    public init(
        name: String, photo: String?, rows: [(String, String)], conflicts: [ConflictView] = [], edit: String?,
        notice: String? = nil
    ) {
        self.name = name
        avatar = AvatarView(photo: photo, name: name)
        self.rows = rows.map { Row(key: $0.0, value: $0.1) }
        self.conflicts = conflicts
        self.edit = edit
        self.notice = notice
    }
}
