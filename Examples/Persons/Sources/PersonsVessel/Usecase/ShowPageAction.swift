import Persons

// Action: shows another page of the list. It only changes criteria in the state; the list
// query reads the matching page.
extension Vessel {
    /// Shows a page of the list; a page out of ``PageRequest/pageRange`` shows the nearest one.
    public var showPageAction: ShowPageUsecase {
        { [storage] page in
            let page = min(max(page, PageRequest.pageRange.lowerBound), PageRequest.pageRange.upperBound)
            storage.update { $0.query.page = page }
        }
    }
}
