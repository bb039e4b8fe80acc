import Persons

// Actions: choose what the people list shows. They only change criteria in the state; the
// list query reads the matching page.
extension Vessel {
    /// The longest search text kept.
    public static let searchLimit = 100

    /// Lists the people whose name starts with a text (trimmed, at most ``searchLimit``
    /// characters), from the first page.
    public var applySearchAction: ApplySearchUsecase {
        { [storage] text in
            let search = String(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Self.searchLimit))
            storage.update {
                $0.query.search = search
                $0.query.page = 0
            }
        }
    }

    /// Lists one region (upper-cased) or everyone (`nil` or empty), from the first page.
    public var applyRegionFilterAction: ApplyRegionFilterUsecase {
        { [storage] code in
            let region = code.map { $0.trimmingCharacters(in: .whitespaces).uppercased() }.flatMap {
                $0.isEmpty ? nil : $0
            }
            storage.update {
                $0.query.region = region
                $0.query.page = 0
            }
        }
    }

    /// Shows a page of the list; a page out of ``PageRequest/pageRange`` shows the nearest one.
    public var showPageAction: ShowPageUsecase {
        { [storage] page in
            let page = min(max(page, PageRequest.pageRange.lowerBound), PageRequest.pageRange.upperBound)
            storage.update { $0.query.page = page }
        }
    }
}
