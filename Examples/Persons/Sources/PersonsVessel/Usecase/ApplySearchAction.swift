import Persons

// Action: lists the people whose name starts with a text. It changes the criteria in the state and reads the
// matching page before it returns.
extension Vessel {
    /// The longest search text kept.
    public static let searchLimit = 100

    /// Lists the people whose name starts with a text (trimmed, at most ``searchLimit``
    /// characters), from the first page.
    public var applySearchAction: ApplySearchUsecase {
        { [self] text in
            let search = String(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Self.searchLimit))
            storage.update {
                $0.query.search = search
                $0.query.page = 0
            }
            await refreshList()
        }
    }
}
