import Pure

/// What the people list is narrowed to, and where in it the page starts: what the user chose.
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
    /// Where the page starts.
    public var position: ListPosition

    /// Creates criteria; everyone, from the start, by default.
    ///
    /// ```swift
    /// ListCriteria(filters: [.gender: "female"], position: .from("M"))
    /// ```
    public init(search: String = "", filters: [ListFilter: String] = [:], position: ListPosition = .start) {
        self.search = search
        self.filters = filters
        self.position = position
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
        if position != .start { parts.append("position: \(position.recordedSource)") }
        return "ListCriteria(\(parts.joined(separator: ", ")))"
    }
}

extension ListCriteria: CustomStringConvertible {
    /// The criteria as `pure list` takes them, and as a journal names an open list
    /// (`lists["ad" region=KR from:M].scene.result.total`): the search quoted, each filter, the
    /// position when not the start.
    ///
    /// ```swift
    /// ListCriteria(search: "ad", filters: [.region: "KR"]).description   // "ad" region=KR
    /// ```
    public var description: String {
        let filters = ListFilter.allCases.compactMap { filter in
            self.filters[filter].map { "\(filter.rawValue)=\($0)" }
        }
        let position = position == .start ? [] : [position.description]
        return (["\"\(search)\""] + filters + position).joined(separator: " ")
    }
}
