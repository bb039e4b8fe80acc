import Persons

// Action: lists one region only, or everyone. It changes the criteria in the state and waits for the
// list query to read the matching page before it returns.
extension Vessel {
    /// Lists one region (upper-cased) or everyone (`nil` or empty), from the first page.
    public var filterRegionAction: FilterRegionUsecase {
        { [self] code in
            let region = code.map { $0.trimmingCharacters(in: .whitespaces).uppercased() }.flatMap {
                $0.isEmpty ? nil : $0
            }
            storage.update {
                $0.query.criteria.region = region
                $0.query.criteria.page = 0
            }
            await personListQuery.caughtUp()
        }
    }
}
