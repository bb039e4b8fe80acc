import Persons
import PersonsTestSupport
import PersonsWorker
import RandomUserFixtures
import Testing

/// Pages read through the page index against the same list sorted in memory.
@Suite("Reading list pages")
struct PagingTests {
    static let count = 1_234
    let everyone = people(PagingTests.count, seed: 9)

    /// Checks the page the database reads for `request` against the reference, from the
    /// people in memory.
    func check(_ db: PersonDBWorker, _ request: PageRequest, in everyone: [Person]? = nil) async throws {
        #expect(try await db.readMetas(request) == Samples.page(of: everyone ?? self.everyone, request), "\(request)")
    }

    @Test("every page of everyone, by name and by region")
    func everyone() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        try await db.savePersons(everyone) { _ in }
        for isRegion in [false, true] {
            for page in 0...13 {
                try await check(db, PageRequest(page: page, isRegion: isRegion))
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
                try await check(db, PageRequest(region: region, page: page, isRegion: true))
                try await check(db, PageRequest(region: region, page: page, isRegion: false))
            }
        }
    }

    @Test("searches match the start of any word of the name, or of the username, in both orders and per region")
    func searches() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        try await db.savePersons(everyone) { _ in }
        let searches = [
            "a", "AD", "ada p", "z", "zora kim", "q", "%", "_", "park", "KI", "  ada   park ", "émile", "user12",
            "kim ada", "ada\tk",
        ]
        for search in searches {
            for page in 0...2 {
                try await check(db, PageRequest(search: search, page: page, isRegion: true))
                try await check(db, PageRequest(search: search, page: page, isRegion: false))
                try await check(db, PageRequest(search: search, region: "KR", page: page, isRegion: true))
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

    @Test("a search that matches more people than it counts reads its pages in list order")
    func broadSearches() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        // Most in one region, so that a region's search also matches more than it counts.
        let many = PeopleMaker(
            firstNames: ["Ada", "Adam", "Bea", "Ben", "Zoe"], lastNames: ["Park", "Kim"],
            regions: ["KR", "KR", "KR", "KR", "AU"]
        ).make(14_000, seed: 4)
        try await db.savePersons(many) { _ in }
        for search in ["user", "u", "a", "user1", "k"] {
            for page in [0, 3] {
                try await check(db, PageRequest(search: search, page: page, isRegion: true), in: many)
                try await check(db, PageRequest(search: search, page: page, isRegion: false), in: many)
                try await check(db, PageRequest(search: search, region: "KR", page: page, isRegion: true), in: many)
            }
        }
    }

    @Test("a broad search whose matches all come late in the list order reads the right first page")
    func lateMatches() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        // 9,000 people before the first match of Korea, then 10,500 matches.
        let early = PeopleMaker(firstNames: ["Al"], lastNames: ["Moss"], regions: ["KR"]).make(9_000, seed: 5)
        let late = distinct(
            PeopleMaker(firstNames: ["Zed"], lastNames: ["Moss"], regions: ["KR"]).make(10_500, seed: 6), "z")
        // And a few in a region listed first, whose matches are sorted rather than looked for.
        let first = distinct(
            PeopleMaker(firstNames: ["Zed"], lastNames: ["Ash"], regions: ["AU"]).make(50, seed: 7), "a")
        let everyone = early + late + first
        try await db.savePersons(everyone) { _ in }
        for request in [
            PageRequest(search: "zed", isRegion: true), PageRequest(search: "zed", isRegion: false),
            PageRequest(search: "zed", region: "KR", isRegion: true), PageRequest(search: "zed", page: 2),
        ] {
            try await check(db, request, in: everyone)
        }
    }

    /// `people` with `prefix` before their ids and usernames, apart from another maker's.
    func distinct(_ people: [Person], _ prefix: String) -> [Person] {
        people.map {
            Person(
                id: prefix + $0.id, name: $0.name, username: prefix + $0.username, gender: $0.gender, email: $0.email,
                age: $0.age, country: $0.country)
        }
    }

    @Test("a sync larger than what is stored keeps the people it does not bring searchable")
    func bulkSyncKeepsOthers() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        let stored = distinct(Array(everyone.prefix(10)), "old-")
        try await db.savePersons(stored) { _ in }
        try await db.savePersons(Array(everyone.suffix(200))) { _ in }
        let all = stored + everyone.suffix(200)
        for search in ["ada", "kim", "old-user", "user1"] {
            try await check(db, PageRequest(search: search), in: all)
        }
    }

    @Test("a renamed person is found by the new name only")
    func renamed() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        var person = everyone[0]
        try await db.savePersons([person]) { _ in }
        person.name = "Quinn Vale"
        try await db.savePersons([person]) { _ in }
        #expect(try await db.readMetas(PageRequest(search: "vale")).metas == [person.meta])
        #expect(try await db.readMetas(PageRequest(search: everyone[0].name)).metas == [])
    }

    @Test("pages follow a re-sync")
    func pagesFollowChanges() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        try await db.savePersons(Array(everyone.prefix(150))) { _ in }
        try await db.savePersons(everyone) { _ in }
        try await check(db, PageRequest(page: 5, isRegion: true))
        try await check(db, PageRequest(region: "KR", page: 1, isRegion: true))
    }
}
