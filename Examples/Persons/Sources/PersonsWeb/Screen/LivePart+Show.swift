import PersonsShow
import PureLive

extension LivePart where Component: ShowComponent {
    /// A part that shows the component `make` makes of what `read` reads: its element is the
    /// component's root, whose id is the component's template name; it keeps its last
    /// `remembering` renderings (see ``LivePart/init(id:reads:remembering:render:_:)``).
    ///
    /// ```swift
    /// let sync = LivePart(reads: \Roger.sys.sync) { SyncStatusView(progress: $0.permille, failure: $0.message) }
    /// ```
    init(
        reads read: @escaping @Sendable (State) -> Input, remembering: Int = 1,
        _ make: @escaping @Sendable (Input) -> Component
    ) {
        self.init(id: Component.templateName, reads: read, remembering: remembering, render: Shows.render, make)
    }
}
