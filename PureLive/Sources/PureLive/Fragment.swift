/// A re-rendered part of a page: the HTML that replaces the page's element with the same id.
///
/// ```swift
/// let part = Fragment(id: "clock", html: #"<p id="clock">12:00</p>"#)
/// ```
public struct Fragment: Equatable, Sendable {
    /// The id of the element it replaces.
    public let id: String
    /// The element's new HTML, its root carrying `id`.
    public let html: String

    /// The part `id`, now showing `html`, held compact (see ``compact(_:)``).
    public init(id: String, html: String) {
        self.init(id: id, compact: Self.compact(html))
    }

    /// The part `id`, now showing `html` as it is, not copied: HTML made compact once, by
    /// ``compact(_:)``, that its renderer keeps too (a list keeps its last rendering, to copy the
    /// rows it shows again from), so that both hold one copy.
    ///
    /// ```swift
    /// let kept = Fragment.compact(#"<ul id="list"><li>Ada</li></ul>"#)
    /// let part = Fragment(id: "list", compact: kept)
    /// ```
    public init(id: String, compact html: String) {
        self.id = id
        self.html = html
    }

    /// `html` with no room beyond its bytes: a part is kept for as long as it shows, by every
    /// open address, and a string made by appending, as a template's output is, has up to twice
    /// as much.
    ///
    /// ```swift
    /// let row = Fragment.compact("<li>" + "Ada" + "</li>")   // "<li>Ada</li>"
    /// ```
    public static func compact(_ html: String) -> String {
        var html = html
        return html.withUTF8 { String(decoding: $0, as: UTF8.self) }
    }
}
