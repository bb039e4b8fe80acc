import Mustache

/// A page that only says something: not found, refused, failed.
///
/// ```swift
/// Shows.render(MessagePage(title: "Not found", message: "There is no person with the id 42."))
/// ```
public struct MessagePage: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "head": \.head, "title": \.title, "message": \.message,
    ]

    /// The partial name other templates include it by; its root element has no id.
    public static let templateName = "message"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = PageView.frame(
        """
        <header class="bar"><a href="\(SitePath.home)" class="title">Persons</a></header>
        <main class="message">
        <h1>{{title}}</h1>
        <p role="alert">{{message}}</p>
        <p><a href="\(SitePath.home)">Back to the people</a></p>
        </main>
        """)

    let head: PageView
    let title: String
    let message: String

    /// A page titled `title` saying `message`.
    public init(title: String, message: String) {
        head = PageView(title: title, live: nil)
        self.title = title
        self.message = message
    }
}
