import Persons

// Action: lists the people with a word of the name, or the username, starting with a text. It
// changes the criteria in the state and waits for the list query to read the matching page
// before it returns.
extension Vessel {
    /// The longest search text kept.
    public static let searchLimit = 100

    /// Lists the people with a word of the name, or the username, starting with a text
    /// (trimmed, at most ``searchLimit`` characters), from the first page.
    public var applySearchAction: ApplySearchUsecase {
        { [self] text in
            let search = String(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Self.searchLimit))
            storage.update {
                $0.query.criteria.search = search
                $0.query.criteria.page = 0
            }
            await personListQuery.caughtUp()
        }
    }
}
