/// Which page of the people list to read: the criteria, in the order the region switch asks
/// for. What a list query is made of.
///
/// ```swift
/// let request = PageRequest(search: "ad", filters: [.region: "KR"], isRegion: true)
/// ```
public struct PageRequest: Equatable, Hashable, Sendable, Codable {
    /// How many people a page holds.
    public static let size = 100

    /// The search, the filters and the position.
    public var criteria: ListCriteria
    /// The region switch: ordered by region then name, or by name alone.
    public var isRegion: Bool

    /// Creates a page request.
    ///
    /// ```swift
    /// PageRequest(criteria: ListCriteria(filters: [.region: "US"]), isRegion: false)
    /// ```
    public init(criteria: ListCriteria, isRegion: Bool) {
        self.criteria = criteria
        self.isRegion = isRegion
    }

    /// Creates a page request from the criteria's parts.
    ///
    /// ```swift
    /// PageRequest(filters: [.region: "US"], position: .from("M"), isRegion: false)
    /// ```
    public init(
        search: String = "", filters: [ListFilter: String] = [:], position: ListPosition = .start,
        isRegion: Bool = true
    ) {
        self.init(criteria: ListCriteria(search: search, filters: filters, position: position), isRegion: isRegion)
    }

    /// The order the page lists in: by region then name while the region switch is on.
    public var order: ListOrder { ListOrder(isRegion: isRegion) }
}
