import Mustache

/// A row of the people list: the generation label and the name (or username), linking to the
/// person.
///
/// ```swift
/// Shows.render(PersonRowView(label: "TEEN", text: "Jane Roe", href: "/people/p1"))
/// ```
public struct PersonRowView: ShowComponent, Equatable {
    /// The partial name, and the id of the root element.
    public static let templateName = "row"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <li><a href="{{href}}"><span class="generation">{{label}}</span> <span class="name">{{text}}</span></a></li>
        """

    let label: String
    let text: String
    let href: String

    /// A row showing `text` under the generation `label`, linking to `href` (a local path).
    public init(label: String, text: String, href: String) {
        self.label = label
        self.text = text
        self.href = href
    }
}

extension PersonRowView: MustacheParent {
    /// The value a template asks for by name: looked up directly, not by reflection.
    public func child(named name: String) -> Any? {
        switch name {
        case "label": self.label
        case "text": self.text
        case "href": self.href
        default: nil
        }
    }
}
