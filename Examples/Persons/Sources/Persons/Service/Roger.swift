import Pure

/// The app state: the single source of truth every screen reads, in groups then fields.
///
/// Only the `Vessel`'s use cases change it; screens receive it read-only as ``AppState``.
///
/// ```swift
/// let isRegion = appState.stored(\.field.isRegion)
/// let rows = appState.stored(\.query.result.metas)
/// ```
public struct Roger: Equatable, Sendable {
    /// How syncing went.
    public var sys = Sys()
    /// Where the user is.
    public var route = Route()
    /// The people list.
    public var query = Query()
    /// The display switches.
    public var field = Switches()

    /// Creates the state of an app that has not loaded anything yet.
    ///
    /// ```swift
    /// let storage = MutableStore(Roger())
    /// ```
    public init(sys: Sys = Sys(), route: Route = Route(), query: Query = Query(), field: Switches = Switches()) {
        self.sys = sys
        self.route = route
        self.query = query
        self.field = field
    }

    /// The list page the current criteria and switches ask for.
    ///
    /// ```swift
    /// let page = try await db.readMetas(appState.value.pageRequest)
    /// ```
    public var pageRequest: PageRequest {
        PageRequest(criteria: query.criteria, isRegion: field.isRegion)
    }
}

/// The read-only app state screens receive.
public typealias AppState = Store<Roger>
