/// What the people list is narrowed to, and the page of it shown: what the user chose.
///
/// ```swift
/// var criteria = ListCriteria(search: "ad")
/// criteria.page = 2
/// ```
public struct ListCriteria: Equatable, Hashable, Sendable {
    /// People with a word of the name, or the username, starting with this text; empty for
    /// everyone.
    public var search: String
    /// Only people of this region (country code), or everyone.
    public var region: String?
    /// The page, from 0.
    public var page: Int

    /// Creates criteria; everyone, first page, by default.
    ///
    /// ```swift
    /// ListCriteria(region: "US", page: 2)
    /// ```
    public init(search: String = "", region: String? = nil, page: Int = 0) {
        self.search = search
        self.region = region
        self.page = page
    }

    /// Whether a search or a region narrows the list: an empty one then means no match, not
    /// an empty directory.
    ///
    /// ```swift
    /// ListCriteria(search: "ad").isFiltered   // true
    /// ```
    public var isFiltered: Bool { !search.isEmpty || region != nil }
}
