/// Which page of the people list to read: the criteria a list query is made of.
///
/// ```swift
/// let request = PageRequest(search: "ad", region: nil, page: 0, isGrouped: true)
/// ```
public struct PageRequest: Equatable, Hashable, Sendable {
    /// How many people a page holds.
    public static let size = 100

    /// Names starting with this text, ignoring case; empty for everyone.
    public var search: String
    /// Only people of this region (country code), or everyone.
    public var region: String?
    /// The page, from 0.
    public var page: Int
    /// Ordered by region then name (the region switch on), or by name alone.
    public var isGrouped: Bool

    /// Creates a page request.
    ///
    /// ```swift
    /// PageRequest(search: "", region: "US", page: 2, isGrouped: false)
    /// ```
    public init(search: String = "", region: String? = nil, page: Int = 0, isGrouped: Bool = true) {
        self.search = search
        self.region = region
        self.page = page
        self.isGrouped = isGrouped
    }
}
