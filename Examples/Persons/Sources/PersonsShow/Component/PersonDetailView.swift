import Mustache

/// A person's details: avatar, name, and labelled rows.
///
/// ```swift
/// Shows.render(PersonDetailView(name: "Jane Roe", photo: nil, rows: [("Email", "jane@example.com")]))
/// ```
public struct PersonDetailView: ShowComponent, Equatable {
    /// The partial name, and the id of the root element.
    public static let templateName = "person"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <article id="person" class="person">
        {{#avatar}}{{> avatar}}{{/avatar}}
        <h1>{{name}}</h1>
        <dl>{{#rows}}<div class="row"><dt>{{key}}</dt><dd>{{value}}</dd></div>{{/rows}}</dl>
        </article>
        """

    struct Row: Equatable, Sendable {
        let key: String
        let value: String
    }

    let name: String
    let avatar: AvatarView
    let rows: [Row]

    /// The details of `name`, with `rows` of (label, value) in order.
    public init(name: String, photo: String?, rows: [(String, String)]) {
        self.name = name
        avatar = AvatarView(photo: photo, name: name)
        self.rows = rows.map { Row(key: $0.0, value: $0.1) }
    }
}

extension PersonDetailView: ShowFields {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = ["name": \.name, "avatar": \.avatar, "rows": \.rows]
}

extension PersonDetailView.Row: ShowFields {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = ["key": \.key, "value": \.value]
}
