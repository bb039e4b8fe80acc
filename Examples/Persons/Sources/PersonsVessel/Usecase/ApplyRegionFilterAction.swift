import Persons

// Action: lists one region only, or everyone. It only changes criteria in the state; the list
// query reads the matching page.
extension Vessel {
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
}
