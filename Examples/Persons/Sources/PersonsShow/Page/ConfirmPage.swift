import Mustache

/// A page that asks once more before something that cannot be taken back by a click: what
/// happens, the button that posts it, and the way back.
///
/// ```swift
/// Shows.render(
///     ConfirmPage(
///         title: "Delete Ada Park?", lines: ["Their card goes from the address book too."],
///         action: SitePath.delete("p1"), button: "Delete Ada Park", back: SitePath.person("p1")))
/// ```
public struct ConfirmPage: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "head": \.head, "title": \.title, "lines": \.lines, "action": \.action, "button": \.button, "back": \.back,
    ]

    /// The partial name other templates include it by; its root element has no id.
    public static let templateName = "confirm"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = PageView.frame(
        """
        <header class="bar"><a href="{{back}}" class="title">← Back</a></header>
        <main class="confirm">
        <h1>{{title}}</h1>
        {{#lines}}<p>{{.}}</p>{{/lines}}
        <form method="post" action="{{action}}"><button type="submit" class="danger">{{button}}</button> <a href="{{back}}">Cancel</a></form>
        </main>
        """)

    let head: PageView
    let title: String
    let lines: [String]
    let action: String
    let button: String
    let back: String

    /// The page titled `title`, saying `lines`, whose `button` posts to `action`; Cancel goes to
    /// `back`.
    public init(title: String, lines: [String], action: String, button: String, back: String) {
        head = PageView(title: title, live: nil)
        self.title = title
        self.lines = lines
        self.action = action
        self.button = button
        self.back = back
    }
}
