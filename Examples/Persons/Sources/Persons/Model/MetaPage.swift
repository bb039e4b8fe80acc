/// One page of the people list, and how many people match in all.
///
/// ```swift
/// let page = try await db.readMetas(PageRequest())
/// print(page.metas.count, "of", page.total)
/// ```
public struct MetaPage: Equatable, Sendable {
    /// The rows of this page, in list order.
    public var metas: [Person.Meta]
    /// How many people match the request. For a search it stops counting at ``countLimit``.
    public var total: Int
    /// Whether ``total`` stopped counting, so that there are more.
    public var isTotalCapped: Bool

    /// The most a search counts; beyond it the list says "10000+".
    public static let countLimit = 10_000

    /// Creates a page.
    ///
    /// ```swift
    /// MetaPage(metas: [], total: 0)
    /// ```
    public init(metas: [Person.Meta], total: Int, isTotalCapped: Bool = false) {
        self.metas = metas
        self.total = total
        self.isTotalCapped = isTotalCapped
    }

    /// How many pages of ``PageRequest/size`` the total makes (at least one).
    ///
    /// ```swift
    /// MetaPage(metas: [], total: 250).pageCount   // 3
    /// ```
    public var pageCount: Int {
        max(1, (total + PageRequest.size - 1) / PageRequest.size)
    }
}
