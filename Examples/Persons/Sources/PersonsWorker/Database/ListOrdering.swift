import Persons

/// The two orders the people list comes in, as stored in `page_anchor.ordering`.
enum ListOrdering: Int {
    /// By name, then id.
    case byName = 0
    /// By region, then name, then id.
    case byRegion = 1

    init(isRegion: Bool) {
        self = isRegion ? .byRegion : .byName
    }

    /// The index of `person` that is this order.
    var indexName: String {
        switch self {
        case .byName: "person_by_name"
        case .byRegion: "person_by_region"
        }
    }

    /// The ORDER BY clause of this order.
    var orderClause: String {
        switch self {
        case .byName: "ORDER BY name, id"
        case .byRegion: "ORDER BY country, name, id"
        }
    }
}
