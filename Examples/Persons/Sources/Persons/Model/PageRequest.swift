/// Which page of the people list to read: the criteria, in the order the region switch asks
/// for. What a list query is made of.
///
/// ```swift
/// let request = PageRequest(search: "ad", region: nil, page: 0, isRegion: true)
/// ```
public struct PageRequest: Equatable, Hashable, Sendable {
    /// How many people a page holds.
    public static let size = 100

    /// The pages there can be, from 0: a billion people's worth. A page number from outside
    /// (a form, the command line) is checked against it, so no arithmetic on it can overflow.
    ///
    /// ```swift
    /// PageRequest.pageRange.contains(page - 1)
    /// ```
    public static let pageRange = 0...9_999_999

    /// The search, the region and the page.
    public var criteria: ListCriteria
    /// The region switch: ordered by region then name, or by name alone.
    public var isRegion: Bool

    /// Creates a page request.
    ///
    /// ```swift
    /// PageRequest(criteria: ListCriteria(region: "US"), isRegion: false)
    /// ```
    public init(criteria: ListCriteria, isRegion: Bool) {
        self.criteria = criteria
        self.isRegion = isRegion
    }

    /// Creates a page request from the criteria's parts.
    ///
    /// ```swift
    /// PageRequest(search: "", region: "US", page: 2, isRegion: false)
    /// ```
    public init(search: String = "", region: String? = nil, page: Int = 0, isRegion: Bool = true) {
        self.init(criteria: ListCriteria(search: search, region: region, page: page), isRegion: isRegion)
    }
}
