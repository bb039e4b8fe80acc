import Persons

// Action: lists the people a search finds under filters. It changes the criteria in the state
// and waits for the list query to read the matching page before it returns.
extension Vessel {
    /// The longest search text kept.
    public static let searchLimit = 100

    /// Lists the people a text finds (trimmed, at most ``searchLimit`` characters) under the
    /// filters whose values each filter's declaration accepts, from the start.
    public var applySearchAction: ApplySearchUsecase {
        { [self] text, filters in
            let search = String(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Self.searchLimit))
            storage.update {
                $0.query.criteria.search = search
                $0.query.criteria.filters = filters.reduce(into: [:]) { kept, given in
                    kept[given.key] = given.key.checked(given.value)
                }
                $0.query.criteria.position = .start
            }
            await personListQuery.caughtUp()
        }
    }
}
