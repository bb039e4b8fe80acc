import Persons

/// The two orders the people list comes in, as stored in `page_anchor.ordering`.
enum ListOrdering: Int {
    /// By name, then id.
    case byName = 0
    /// By region, then name, then id.
    case byRegion = 1

    init(isGrouped: Bool) {
        self = isGrouped ? .byRegion : .byName
    }

    /// The ORDER BY clause of this order.
    var orderClause: String {
        switch self {
        case .byName: "ORDER BY name, id"
        case .byRegion: "ORDER BY country, name, id"
        }
    }
}
