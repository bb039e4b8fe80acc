/// Which page of the people list to read: the criteria a list query is made of.
///
/// ```swift
/// let request = PageRequest(search: "ad", region: nil, page: 0, isGrouped: true)
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
