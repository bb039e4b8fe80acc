import Pure

/// One people list on screen (a browser tab's address, a window of a native app): the criteria
/// it lists by, and the page read for them. Each open list is a scene of the app state
/// (``Roger/lists``), so two tabs list two searches, every change of a list is recorded in the one
/// journal, and what every list shares (the switches, the sync) sits beside them in ``Roger``.
///
/// ```swift
/// let list = await service.openListAction(ListCriteria(search: "ad"))
/// service.appState.value.lists[list.key]?.result.metas   // the first page of the people "ad" finds
/// ```
public struct ListState: Equatable, Sendable, Codable {
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

/// A screen's hold on an open list: the list stays in ``Roger/lists``, read for its criteria and
/// kept in step with the stored people and the region switch, for as long as a hold on it lives.
/// The screens holding the same criteria share one list, read once per change.
///
/// ```swift
/// let list = await service.openListAction(ListCriteria(filters: [.region: "KR"]))
/// for await rows in service.appState.stored({ $0.lists[list.key]?.result.metas }) { show(rows) }
/// ```
public typealias ListHold = SceneHold<ListCriteria>
