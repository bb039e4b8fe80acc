import Mustache

/// A row of the people list: the generation label and the name (or username), linking to the
/// person; the person last opened is marked.
///
/// ```swift
/// Shows.render(PersonRowView(label: "TEEN", text: "Jane Roe", href: "/people/p1"))
/// ```
public struct PersonRowView: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "label": \.label, "text": \.text, "href": \.href, "isLastOpened": \.isLastOpened,
    ]

    /// The partial name other templates include it by; its root element has no id.
    public static let templateName = "row"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <li{{#isLastOpened}} class="last-opened"{{/isLastOpened}}><a href="{{href}}"><span class="generation">{{label}}</span> <span class="name">{{text}}</span>{{#isLastOpened}} <span class="note">last opened</span>{{/isLastOpened}}</a></li>
        """

    let label: String
    let text: String
    let href: String
    let isLastOpened: Bool

    /// A row showing `text` under the generation `label`, linking to `href` (a local path),
    /// marked if it is the person last opened.
    public init(label: String, text: String, href: String, isLastOpened: Bool = false) {
        self.label = label
        self.text = text
        self.href = href
        self.isLastOpened = isLastOpened
    }
}
