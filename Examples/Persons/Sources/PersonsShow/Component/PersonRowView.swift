import Mustache

/// A row of the people list: the generation label (its place left empty when the age is not
/// known, so that the names stay in line), the name and, when given, the username beside it,
/// linking to the person; the person last opened is marked.
///
/// ```swift
/// Shows.render(PersonRowView(label: "Teen", name: "Jane Roe", username: "jroe", href: "/people/p1"))
/// ```
public struct PersonRowView: ShowComponent, Hashable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "label": \.label, "name": \.name, "username": \.username, "href": \.href, "isLastOpened": \.isLastOpened,
    ]

    /// The partial name other templates include it by; its root element has no id.
    public static let templateName = "row"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <li{{#isLastOpened}} class="last-opened"{{/isLastOpened}}><a href="{{href}}"><span class="generation">{{label}}</span> <span class="who"><span class="name">{{name}}</span>{{#username}} <span class="username">{{.}}</span>{{/username}}</span>{{#isLastOpened}} <span class="note">last opened</span>{{/isLastOpened}}</a></li>
        """

    let label: String?
    let name: String
    let username: String?
    let href: String
    let isLastOpened: Bool

    /// A row showing `name` (and `username` beside it) under the generation `label`, linking
    /// to `href` (a local path), marked if it is the person last opened.
    public init(label: String?, name: String, username: String? = nil, href: String, isLastOpened: Bool = false) {
        self.label = label
        self.name = name
        self.username = username
        self.href = href
        self.isLastOpened = isLastOpened
    }
}
