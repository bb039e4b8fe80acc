import Pure

/// What the people list is narrowed to, its order, and where in it the page starts: what the
/// user chose.
///
/// ```swift
/// var criteria = ListCriteria(search: "ad", filters: [.region: "KR"])
/// criteria.position = .from("M")
/// ```
public struct ListCriteria: Equatable, Hashable, Sendable, Codable {
    /// People with a word of the name or of the username starting with each word of this text;
    /// empty for everyone.
    public var search: String
    /// The value each filter keeps (see ``ListFilter``); a filter not here keeps everyone.
    public var filters: [ListFilter: String]
    /// The order the list comes in (after the region while the region switch is on).
    public var order: ListOrder
    /// Where the page starts.
    public var position: ListPosition

    /// Creates criteria; everyone, by name, from the start, by default.
    ///
    /// ```swift
    /// ListCriteria(filters: [.gender: "female"], position: .from("M"))
    /// ```
    public init(
        search: String = "", filters: [ListFilter: String] = [:], order: ListOrder = .name,
        position: ListPosition = .start
    ) {
        self.search = search
        self.filters = filters
        self.order = order
        self.position = position
    }

    /// Reads criteria; a journal written before lists had an order lists by name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            search: try container.decode(String.self, forKey: .search),
            filters: try container.decode([ListFilter: String].self, forKey: .filters),
            order: try container.decodeIfPresent(ListOrder.self, forKey: .order) ?? Self().order,
            position: try container.decode(ListPosition.self, forKey: .position))
    }

    /// Whether a search or a filter narrows the list: an empty one then means no match, not
    /// an empty directory.
    ///
    /// ```swift
    /// ListCriteria(search: "ad").isFiltered   // true
    /// ```
    public var isFiltered: Bool { !search.isEmpty || !filters.isEmpty }

    /// Hashes the filters in their declaration order: a dictionary's own hash hashes each entry
    /// apart, and an open list is looked up by its criteria on every change, for every page.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(search)
        for filter in ListFilter.allCases { hasher.combine(filters[filter]) }
        hasher.combine(order)
        hasher.combine(position)
    }
}

extension ListCriteria: Recordable {
    /// The criteria as Swift, only what differs from the defaults: how a journal records a list
    /// opened, for a test to open it again.
    ///
    /// ```swift
    /// ListCriteria(search: "ad", filters: [.region: "KR"]).recordedSource
    /// // ListCriteria(search: "ad", filters: [.region: "KR"])
    /// ```
    public var recordedSource: String {
        var parts: [String] = []
        if !search.isEmpty { parts.append("search: \(search.recordedSource)") }
        if !filters.isEmpty {
            let pairs = ListFilter.allCases.compactMap { filter in
                filters[filter].map { ".\(filter.rawValue): \($0.recordedSource)" }
            }
            parts.append("filters: [\(pairs.joined(separator: ", "))]")
        }
        if order != Self().order { parts.append("order: .\(order.rawValue)") }
        if position != .start { parts.append("position: \(position.recordedSource)") }
        return "ListCriteria(\(parts.joined(separator: ", ")))"
    }
}

extension ListCriteria: CustomStringConvertible {
    /// The criteria as `pure list` takes them, and as a journal names an open list
    /// (`lists["ad" region=KR from:M].scene.result.total`): the search quoted, each filter, the
    /// order and the position when not the defaults.
    ///
    /// ```swift
    /// ListCriteria(search: "ad", filters: [.region: "KR"]).description   // "ad" region=KR
    /// ```
    public var description: String {
        let filters = ListFilter.allCases.compactMap { filter in
            self.filters[filter].map { "\(filter.rawValue)=\($0)" }
        }
        let order = order == Self().order ? [] : ["order=\(order.rawValue)"]
        let position = position == .start ? [] : [position.description]
        return (["\"\(search)\""] + filters + order + position).joined(separator: " ")
    }
}
