import Mustache

/// The directory's page: what the directory is, and the sync of its people, with the button that
/// starts one (the one place it is offered: the everyday pages show only a sync's progress and
/// failure).
///
/// ```swift
/// Shows.render(DirectoryPage(sync: SyncStatusView(progress: nil, failure: nil)))
/// ```
public struct DirectoryPage: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = ["head": \.head, "sync": \.sync]

    /// The partial name other templates include it by; its root element has no id.
    public static let templateName = "directory"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = PageView.frame(
        """
        <header class="bar"><a href="\(SitePath.home)" class="title">← Persons</a></header>
        <main class="directory">
        <h1>The directory</h1>
        <p>The directory offers people to try the app with: a sync brings them here.</p>
        {{#sync}}{{> sync}}{{/sync}}
        </main>
        """)

    let head: PageView
    let sync: SyncStatusView

    /// The page, kept live at its address, with the sync's part.
    public init(sync: SyncStatusView) {
        head = PageView(title: "The directory", live: SitePath.directory)
        self.sync = sync
    }
}
