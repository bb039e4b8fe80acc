import Persons

// Action: opens a people list for some criteria, for one tab or window. The list is its own
// state beside the app state; it is read before this returns, and follows the stored people and
// the region switch while it is held.
extension Vessel {
    /// The longest search text kept.
    public static let searchLimit = 100

    /// Opens the list of the people a text finds (trimmed, at most ``searchLimit`` characters)
    /// under the filters whose values each filter's declaration accepts, at the position given.
    public var openListAction: OpenListUsecase {
        storage.recording { [self] asked in
            let search = String(asked.search.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Self.searchLimit))
            let filters = asked.filters.reduce(into: [ListFilter: String]()) { kept, given in
                kept[given.key] = given.key.checked(given.value)
            }
            let criteria = ListCriteria(search: search, filters: filters, position: asked.position)
            let list = openLists.list(for: criteria) {
                PersonListQuery(
                    criteria: criteria, appState: appState, db: personDBWork, journal: listJournal, logger: logger)
            }
            await list.caughtUp()
            return list
        }
    }
}
