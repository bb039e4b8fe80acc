/// What the database worker does for the lists: one page of list rows at any depth. Part of
/// ``PersonDBWork``.
///
/// ```swift
/// let page = try await db.readMetas(PageRequest(search: "ad"))
/// ```
public protocol ListDBWork: Sendable {
    /// One page of list rows for `request`, with the total that matches.
    func readMetas(_ request: PageRequest) async throws(Fizzle) -> MetaPage
}
