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

    /// The part `id`, now showing `html`.
    public init(id: String, html: String) {
        self.id = id
        // A part is kept for as long as it shows, by every open address: with no room beyond its
        // bytes (a string made by appending, as a template's output is, has up to twice as much).
        var html = html
        self.html = html.withUTF8 { String(decoding: $0, as: UTF8.self) }
    }
}
