import Pure

/// The app state: the single source of truth every screen reads, in groups then fields.
///
/// Only the `Vessel`'s use cases change it; screens receive it read-only as ``AppState``. It
/// holds what every screen shares: a list on screen keeps its own criteria and rows in a
/// ``ListState`` of its own.
///
/// ```swift
/// let isRegion = appState.stored(\.field.isRegion)
/// let progress = appState.stored(\.sys.sync)
/// ```
public struct Roger: Equatable, Sendable, Codable {
    /// How syncing went.
    public var sys = Sys()
    /// Where the user is.
    public var route = Route()
    /// The display switches.
    public var field = Switches()

    /// Creates the state of an app that has not loaded anything yet.
    ///
    /// ```swift
    /// let storage = MutableStore(Roger())
    /// ```
    public init(sys: Sys = Sys(), route: Route = Route(), field: Switches = Switches()) {
        self.sys = sys
        self.route = route
        self.field = field
    }
}

/// The read-only app state screens receive.
public typealias AppState = Store<Roger>
