import Pure

/// The app state: the single source of truth every screen reads, in groups then fields.
///
/// Only the `Vessel`'s use cases change it; screens receive it read-only as ``AppState``. It
/// holds what every screen shares, and each list and each person open on a screen as a scene of
/// its own (``lists``, ``people``): one state, one journal.
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
    /// The people lists screens show, by their criteria (see ``ListState``).
    public var lists = Scenes<ListCriteria, ListState>()
    /// The people screens show, each on a page of their own, by id (see ``PersonState``).
    public var people = Scenes<Person.ID, PersonState>()

    /// Creates the state of an app that has not loaded anything yet.
    ///
    /// ```swift
    /// let storage = MutableStore(Roger())
    /// ```
    public init(
        sys: Sys = Sys(), route: Route = Route(), field: Switches = Switches(),
        lists: Scenes<ListCriteria, ListState> = Scenes(), people: Scenes<Person.ID, PersonState> = Scenes()
    ) {
        self.sys = sys
        self.route = route
        self.field = field
        self.lists = lists
        self.people = people
    }
}

/// The read-only app state screens receive.
public typealias AppState = Store<Roger>

extension Roger {
    /// Reads a state as a journal recorded it; one recorded before lists or people were part of
    /// the state has none open.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            sys: container.decode(Sys.self, forKey: .sys), route: container.decode(Route.self, forKey: .route),
            field: container.decode(Switches.self, forKey: .field),
            lists: container.decodeIfPresent(Scenes<ListCriteria, ListState>.self, forKey: .lists) ?? Scenes(),
            people: container.decodeIfPresent(Scenes<Person.ID, PersonState>.self, forKey: .people) ?? Scenes())
    }
}
