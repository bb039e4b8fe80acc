import Persons
import PersonsShow

/// How the home screen turns the state into HTML. The server keeps one, shared by every home
/// page and the home hub: each part is rendered once per change of what it reads, and the page
/// once per change of its parts.
final class HomeRenderer: Sendable {
    let parts = HomeParts()
    private let live: [any AnyLivePart<Roger>]
    private let pages = RenderMemo<[String], String>()

    init() {
        live = LiveParts.declared(in: parts)
    }

    /// The home page's live parts over `store`, for its hub.
    func liveParts(_ store: AppState) -> LiveParts<Roger> {
        LiveParts(store: store, parts: live)
    }

    /// The whole home page for `state`.
    func page(_ state: Roger) -> String {
        pages.output(for: live.map { $0.fragment(state).html }) { _ in Shows.render(parts.page(state)) }
    }
}
