import Persons
import PersonsWorker
import Testing

/// Pages read through the page index against the same list sorted in memory.
@Suite("Reading list pages")
struct PagingTests {
    static let count = 1_234
    let everyone = people(PagingTests.count, seed: 9)

    func expected(_ request: PageRequest) -> (page: [Person.Meta], total: Int) {
        let matching = everyone.filter {
            (request.search.isEmpty || $0.name.lowercased().hasPrefix(request.search.lowercased()))
                && (request.region == nil || $0.country == request.region)
        }
        let sorted = matching.sorted { lhs, rhs in
            let left = (lhs.country, lhs.name.lowercased(), lhs.id)
            let right = (rhs.country, rhs.name.lowercased(), rhs.id)
            return request.isGrouped ? left < right : (left.1, left.2) < (right.1, right.2)
        }
        return (
            Array(sorted.dropFirst(request.page * PageRequest.size).prefix(PageRequest.size)).map(\.meta),
            matching.count
        )
    }

    func check(_ db: PersonDBWorker, _ request: PageRequest) async throws {
        let page = try await db.readMetas(request)
        let (metas, total) = expected(request)
        #expect(page.metas == metas, "\(request)")
        #expect(page.total == total, "\(request)")
    }

    @Test("every page of everyone, by name and by region")
    func everyone() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        try await db.savePersons(everyone) { _ in }
        for isGrouped in [false, true] {
            for page in 0...13 {
                try await check(db, PageRequest(page: page, isGrouped: isGrouped))
            }
        }
    }

    @Test("every page of each region, across the region's edges")
    func regions() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        try await db.savePersons(everyone) { _ in }
        for region in ["AU", "KR", "US", "ZZ", "XX"] {
            for page in 0...4 {
                try await check(db, PageRequest(region: region, page: page, isGrouped: true))
                try await check(db, PageRequest(region: region, page: page, isGrouped: false))
            }
        }
    }

    @Test("searches match the start of names, ignoring ASCII case, in both orders and per region")
    func searches() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        try await db.savePersons(everyone) { _ in }
        for search in ["a", "AD", "ada p", "z", "zora kim", "q", "%", "_"] {
            for page in 0...2 {
                try await check(db, PageRequest(search: search, page: page, isGrouped: true))
                try await check(db, PageRequest(search: search, page: page, isGrouped: false))
                try await check(db, PageRequest(search: search, region: "KR", page: page, isGrouped: true))
            }
        }
    }

    @Test("a search stops counting at the limit")
    func cappedCount() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        let many = people(MetaPage.countLimit + 50, seed: 2).map { person -> Person in
            var renamed = person
            renamed.name = "Same " + person.id
            return renamed
        }
        try await db.savePersons(many) { _ in }
        let page = try await db.readMetas(PageRequest(search: "same"))
        #expect(page.total == MetaPage.countLimit)
        #expect(page.isTotalCapped)
        #expect(page.metas.count == PageRequest.size)
    }

    @Test("pages follow a re-sync")
    func pagesFollowChanges() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        try await db.savePersons(Array(everyone.prefix(150))) { _ in }
        try await db.savePersons(everyone) { _ in }
        try await check(db, PageRequest(page: 5, isGrouped: true))
        try await check(db, PageRequest(region: "KR", page: 1, isGrouped: true))
    }
}
