/// One page of the people list, how many people match in all, and where the pages around it
/// start.
///
/// ```swift
/// let page = try await db.readMetas(PageRequest())
/// print(page.metas.count, "of", page.total)
/// if let next = page.next { try await db.readMetas(PageRequest(position: next)) }
/// ```
public struct MetaPage: Equatable, Sendable, Codable {
    /// The rows of this page, in list order.
    public var metas: [Person.Meta]
    /// How many people match the request. For a search it stops counting at ``countLimit``.
    public var total: Int
    /// Whether ``total`` stopped counting, so that there are more.
    public var isTotalCapped: Bool
    /// Where the page before this one starts, if there is one.
    public var previous: ListPosition?
    /// Where the page after this one starts, if there is one.
    public var next: ListPosition?

    /// The most a search counts; beyond it the list says "10000+".
    public static let countLimit = 10_000

    /// Creates a page.
    ///
    /// ```swift
    /// MetaPage(metas: [], total: 0)
    /// ```
    public init(
        metas: [Person.Meta], total: Int, isTotalCapped: Bool = false, previous: ListPosition? = nil,
        next: ListPosition? = nil
    ) {
        self.metas = metas
        self.total = total
        self.isTotalCapped = isTotalCapped
        self.previous = previous
        self.next = next
    }
}
