/// Which page of the people list to read: the criteria, grouped by region or not as the region
/// switch asks. What a list query is made of.
///
/// ```swift
/// let request = PageRequest(search: "ad", filters: [.region: "KR"], isRegion: true)
/// ```
public struct PageRequest: Equatable, Hashable, Sendable, Codable {
    /// How many people a page holds.
    public static let size = 100

    /// The search, the filters and the position.
    public var criteria: ListCriteria
    /// The region switch: grouped by region first, or not.
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
        search: String = "", filters: [ListFilter: String] = [:], order: ListOrder = .name,
        position: ListPosition = .start, isRegion: Bool = true
    ) {
        self.init(
            criteria: ListCriteria(search: search, filters: filters, order: order, position: position),
            isRegion: isRegion)
    }

    /// How the page's rows are sorted: the criteria's order, after the region while the region
    /// switch is on.
    public var sort: ListSort { ListSort(order: criteria.order, isRegion: isRegion) }
}
