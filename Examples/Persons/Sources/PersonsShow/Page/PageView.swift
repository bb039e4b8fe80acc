import Mustache

/// The start of every page: doctype, head (title, style sheet, script) and the body's tag.
///
/// ```swift
/// PageView(title: "People", live: SitePath.home)
/// ```
public struct PageView: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "title": \.title, "live": \.live,
    ]

    /// The partial name other templates include it by; its root element has no id.
    public static let templateName = "page"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="same-origin">
        <title>{{title}} · Persons</title>
        <link rel="icon" href="data:,">
        <link rel="stylesheet" href="\(StaticAsset.styleSheet.address)">
        <script src="\(StaticAsset.script.address)" defer></script>
        <script src="\(SitePath.liveScript)" defer></script>
        </head>
        <body{{#live}} data-live="{{live}}"{{/live}}>
        """

    let title: String
    let live: String?

    /// A page's whole markup: this head (the page's `head` field), then `body` (the bar and the
    /// main part), then the end of the document.
    ///
    /// ```swift
    /// static let template = PageView.frame("<main><h1>{{title}}</h1></main>")
    /// ```
    static func frame(_ body: String) -> String {
        "{{#head}}{{> page}}{{/head}}\n" + body + "\n</body>\n</html>"
    }

    /// The head of a page titled `title`, kept live at its address `live` if given.
    public init(title: String, live: String?) {
        self.title = title
        self.live = live
    }
}
