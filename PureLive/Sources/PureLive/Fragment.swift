import Foundation

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
    /// Its JSON members (`"html":…,"id":…`, keys sorted), encoded once: a part shared by every
    /// open page is encoded for all of them at once.
    let members: String

    /// The part `id`, now showing `html`.
    public init(id: String, html: String) {
        self.id = id
        self.html = html
        let json = (try? Self.encoder.encode(["id": id, "html": html])).map { String(decoding: $0, as: UTF8.self) }
        members = String((json ?? "{}").dropFirst().dropLast())
    }

    /// Keys sorted: the same part always encodes to the same bytes.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
}
