import Persons

// Action: shows another page of the list. It changes the criteria in the state and waits for the
// list query to read the matching page before it returns.
extension Vessel {
    /// Shows the page of the list at `position`.
    public var showPageAction: ShowPageUsecase {
        { [self] position in
            storage.update { $0.query.criteria.position = position }
            await personListQuery.caughtUp()
        }
    }
}
