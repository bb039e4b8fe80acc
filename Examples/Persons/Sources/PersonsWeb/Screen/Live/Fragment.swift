import Foundation
import PersonsShow

/// A re-rendered part of a page, to replace the element with the same id, already encoded as a
/// server-sent event: a fragment shared by every open page is encoded once.
struct Fragment: Equatable, Sendable {
    let id: String
    let html: String
    /// `event: fragment` with `{"id": ..., "html": ...}` as data; for a heartbeat (no id), a comment.
    let event: String

    init(id: String, html: String) {
        self.id = id
        self.html = html
        guard !id.isEmpty else {
            event = ": ping\n\n"
            return
        }
        let json = (try? Self.encoder.encode(["id": id, "html": html])).map { String(decoding: $0, as: UTF8.self) }
        event = "event: fragment\ndata: \(json ?? "{}")\n\n"
    }

    /// Keys sorted: the same part always encodes to the same bytes, so equal fragments compare
    /// equal (a dictionary's own order changes from one instance to the next).
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    /// `component` as a part: every component's root element has its template's name as id.
    init<Component: ShowComponent>(_ component: Component) {
        self.init(id: Component.templateName, html: Shows.render(component))
    }

    /// The heartbeat: keeps an idle stream moving, so a dead connection is noticed.
    static let heartbeat = Fragment(id: "", html: "")
}
