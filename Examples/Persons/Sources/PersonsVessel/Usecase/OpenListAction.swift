import Persons

// Action: opens a people list for some criteria, for one tab or window: a scene of the app state,
// read before this returns, and following the stored people and the region switch while it is
// held.
extension Vessel {
    /// The longest search text kept.
    public static let searchLimit = 100

    /// Opens the list of the people a text finds (trimmed, at most ``searchLimit`` characters)
    /// under the filters whose values each filter's declaration accepts, in the order and at the
    /// position given.
    public var openListAction: OpenListUsecase {
        storage.recording { [self] asked in
            let search = String(asked.search.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Self.searchLimit))
            let filters = asked.filters.reduce(into: [ListFilter: String]()) { kept, given in
                kept[given.key] = given.key.checked(given.value)
            }
            let criteria = ListCriteria(search: search, filters: filters, order: asked.order, position: asked.position)
            var opened = false
            storage.update { opened = $0.lists.hold(criteria, opening: ListState(criteria: criteria)) }
            let hold = ListHold(criteria) { [weak self] criteria in self?.closeList(criteria) }
            if opened {
                // The rows first; the reads beside them (the counts) after, one change each, in this
                // order always.
                await readLists([criteria])
                await readSides()
            } else {
                for await isRead in appState.stored({ $0.lists[criteria]?.listed != nil }) where isRead { break }
            }
            return hold
        }
    }
}
