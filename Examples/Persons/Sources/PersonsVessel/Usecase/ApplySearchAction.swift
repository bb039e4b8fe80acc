import Persons

// Action: lists the people whose name starts with a text. It only changes criteria in the
// state; the list query reads the matching page.
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
}
