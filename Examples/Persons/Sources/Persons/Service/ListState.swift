import Pure

/// One people list on screen (a browser tab's address, a window of a native app): the criteria
/// it lists by, and the page read for them. Each open list has a store of its own beside the
/// app state (see ``ListScene``), so two tabs list two searches; what every list shares (the
/// switches, the stored people, the sync) stays in ``Roger``.
///
/// ```swift
/// let list = await service.openListAction(ListCriteria(search: "ad"))
/// list.state.value.result.metas   // the first page of the people "ad" finds
/// ```
public struct ListState: Equatable, Sendable {
    /// The search, the filters and the position the list shows.
    public let criteria: ListCriteria
    /// The page read for them: its rows and how many people match in all.
    public var result: MetaPage
    /// What `result` was read for (the criteria, in the order the region switch asked for);
    /// `nil` until the list was first read.
    public var listed: PageRequest?
    /// Why the list could not be read, for the user; `nil` when it was.
    public var message: String?

    /// A list of `criteria`, nothing read yet.
    ///
    /// ```swift
    /// ListState(criteria: ListCriteria(search: "ad"))
    /// ```
    public init(
        criteria: ListCriteria = ListCriteria(), result: MetaPage = MetaPage(metas: [], total: 0),
        listed: PageRequest? = nil, message: String? = nil
    ) {
        self.criteria = criteria
        self.result = result
        self.listed = listed
        self.message = message
    }
}

/// An open people list: its own read-only state, read for its criteria, and kept in step with
/// the stored people and the region switch for as long as someone holds it. The lists open for
/// the same criteria are one list, read once per change however many screens show it.
///
/// ```swift
/// let list = await service.openListAction(ListCriteria(filters: [.region: "KR"]))
/// for await rows in list.state.stored(\.result.metas) { show(rows) }
/// ```
public protocol ListScene: AnyObject, Sendable {
    /// The list's state, read-only.
    var state: Store<ListState> { get }
}
