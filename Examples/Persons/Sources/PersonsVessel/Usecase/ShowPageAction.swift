import Persons

// Action: shows another page of the list. It changes the criteria in the state and waits for the
// list query to read the matching page before it returns.
extension Vessel {
    /// Shows a page of the list; a page out of ``PageRequest/pageRange`` shows the nearest one.
    public var showPageAction: ShowPageUsecase {
        { [self] page in
            let page = min(max(page, PageRequest.pageRange.lowerBound), PageRequest.pageRange.upperBound)
            storage.update { $0.query.criteria.page = page }
            await personListQuery.caughtUp()
        }
    }
}
