/// What the database worker does for the lists: one page of list rows at any depth, and how many
/// people have each value of each filter. Part of ``PersonDBWork``.
///
/// ```swift
/// let page = try await db.readMetas(PageRequest(search: "ad"))
/// ```
public protocol ListDBWork: Sendable {
    /// One page of list rows for `request`, with the total that matches.
    func readMetas(_ request: PageRequest) async throws(Fizzle) -> MetaPage
    /// How many people have each value of each filter (`[.region: ["KR": 120, …], .gender: …]`),
    /// read from the counts the lists keep, not from the people: as quick for a million as for
    /// ten. A value nobody has is left out.
    func countPeople() async throws(Fizzle) -> [ListFilter: [String: Int]]
    /// The value of a read shown beside the lists (``SideRead``): by default, its query's answer.
    func readSide(_ read: any SideReading) async throws(Fizzle) -> any Sendable
}

extension ListDBWork {
    /// The answer of the query of `read`.
    public func readSide(_ read: any SideReading) async throws(Fizzle) -> any Sendable {
        try await read.query(self)
    }
}
