import Persons

extension Serving {
    /// The list `hold` holds, as the app state has it now; a list of its criteria with nothing
    /// read once it is closed.
    ///
    /// ```swift
    /// let list = await raft.openListAction(ListCriteria(search: "ad"))
    /// raft.list(list).result.total
    /// ```
    public func list(_ hold: ListHold) -> ListState {
        appState.value.lists[hold.key] ?? ListState(criteria: hold.key)
    }
}
