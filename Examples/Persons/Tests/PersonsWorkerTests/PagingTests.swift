import Persons
import PersonsTestSupport
import PersonsWorker
import RandomUserFixtures
import Testing

/// Pages read from the database, walked with the positions each page gives, against the same
/// list in memory (`Samples.page`, the one reference), for every list the declarations allow.
@Suite("Reading list pages")
struct PagingTests {
    static let count = 1_234
    let everyone = people(PagingTests.count, seed: 9)

    /// Checks the page the database reads for `request` against the reference, and returns it.
    @discardableResult
    func check(_ db: PersonDBWorker, _ request: PageRequest, in stored: [Person]? = nil) async throws -> MetaPage {
        let page = try await db.readMetas(request)
        #expect(page == Samples.page(of: stored ?? everyone, request), "\(request)")
        return page
    }

    /// Walks `request`'s list from its start to its end by the next pages, and back by the
    /// previous ones, checking every page; returns how many pages it has.
    @discardableResult
    func walk(_ db: PersonDBWorker, _ request: PageRequest, in stored: [Person]? = nil) async throws -> Int {
        var request = request
        var pages = 1
        var page = try await check(db, request, in: stored)
        while let next = page.next, pages < 40 {
            request.criteria.position = next
            page = try await check(db, request, in: stored)
            pages += 1
        }
        #expect(page.next == nil, "\(request) goes on past 40 pages")
        while let previous = page.previous {
            request.criteria.position = previous
            page = try await check(db, request, in: stored)
        }
        return pages
    }

    /// The ids of every page of `request`'s list, from its start, as the database reads them,
    /// sorted.
    func found(_ db: PersonDBWorker, _ request: PageRequest) async throws -> [Person.ID] {
        var (request, ids) = (request, [Person.ID]())
        var page = try await db.readMetas(request)
        ids += page.metas.map(\.id)
        while let next = page.next {
            request.criteria.position = next
            page = try await db.readMetas(request)
            ids += page.metas.map(\.id)
        }
        return ids.sorted()
    }

    /// The values each filter is tried with: its choices, or the regions stored and one nobody
    /// has.
    func values(of filter: ListFilter) -> [String] {
        filter.choices ?? Array(Set(everyone.map(filter.value(of:)))).sorted() + ["XX"]
    }

    @Test("every list the declarations allow, in every sort, walked to its end and back")
    func everyList() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        try await db.savePersons(everyone) { _ in }
        var lists: [[ListFilter: String]] = [[:]]
        for filter in ListFilter.allCases {
            lists += values(of: filter).map { [filter: $0] }
        }
        lists.append(Dictionary(uniqueKeysWithValues: ListFilter.allCases.map { ($0, values(of: $0)[1]) }))
        for filters in lists {
            for sort in ListSort.allCases {
                for search in ["", "a", "ada p"] {
                    try await walk(
                        db, PageRequest(search: search, filters: filters, order: sort.order, isRegion: sort.isRegion))
                }
            }
        }
        #expect(try await walk(db, PageRequest(isRegion: true)) == 13)
    }

    @Test(
        "a jump starts at the first row from that text in the sort's first free field, and reads from the start for a text the field cannot have"
    )
    func jumps() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        try await db.savePersons(everyone) { _ in }
        for sort in ListSort.allCases {
            let (order, isRegion) = (sort.order, sort.isRegion)
            let jumps = sort.fields(besides: [ListFilter]())[0].jumps.map(\.from)
            for text in jumps + ["b", "zz", "KR", "-1", "200", "1e3", ""] {
                try await check(db, PageRequest(order: order, position: .from(text), isRegion: isRegion))
            }
            for text in ["M", "13", "zz"] {
                // The page of a jump, and the pages on either side of it.
                var request = PageRequest(order: order, position: .from(text), isRegion: isRegion)
                let page = try await check(db, request)
                for position in [page.previous, page.next].compactMap(\.self) {
                    request.criteria.position = position
                    try await check(db, request)
                }
                try await check(
                    db,
                    PageRequest(filters: [.gender: "female"], order: order, position: .from(text), isRegion: isRegion))
            }
        }
    }

    @Test("a key from another list, or none a list has, reads as the reference says")
    func foreignKeys() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        try await db.savePersons(everyone) { _ in }
        let keys = [
            ListKey(["Zora Smith", "id-000001"]), ListKey(["KR", "Ada Kim", "id-000003"]), ListKey(["12"]),
            ListKey(["twelve"]), ListKey([]), ListKey(["", "", "", "", ""]), ListKey(["%", ","]),
            ListKey(["30", "Ada Kim", "id-000003"]), ListKey(["thirty", "Ada Kim", "id-000003"]),
            ListKey(["KR", "30", "Ada Kim", "id-000003"]), ListKey(["KR", "-5", "", ""]),
        ]
        for key in keys {
            for position in [ListPosition.after(key), .before(key)] {
                for search in ["", "ada"] {
                    for sort in ListSort.allCases {
                        try await check(
                            db,
                            PageRequest(search: search, order: sort.order, position: position, isRegion: sort.isRegion))
                    }
                }
            }
        }
    }

    @Test("searches match each word's start in the name or the username, case and accents ignored")
    func searches() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        try await db.savePersons(everyone) { _ in }
        let searches = [
            "AD", "z", "zora kim", "q", "%", "_", "park", "KI", "  ada   park ", "emile", "Émile", "bluefox", "red b",
            "kim ada", "ada\tk", "happy", "bluefox1", "12", "\"", "ada*", "a OR b", "NEAR(a b)", "{name}:a", "-a",
            // A quote with a combining mark: one character, which a search by character passes over.
            "\"\u{301}", "ada\"\u{301} OR zora", "ada\"\u{20DD} OR zora",
        ]
        for search in searches {
            try await walk(db, PageRequest(search: search, isRegion: true))
            try await check(db, PageRequest(search: search, filters: [.region: "KR"], isRegion: false))
        }
    }

    @Test("a search stops counting at the limit, and its pages go on")
    func cappedCount() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        let many = people(MetaPage.countLimit + 50, seed: 2).map { person -> Person in
            var renamed = person
            renamed.name = "Same " + person.id
            return renamed
        }
        try await db.savePersons(many) { _ in }
        var request = PageRequest(search: "same")
        var page = try await check(db, request, in: many)
        #expect(page.total == MetaPage.countLimit && page.isTotalCapped)
        var pages = 1
        while let next = page.next {
            request.criteria.position = next
            page = try await db.readMetas(request)
            pages += 1
        }
        #expect(pages == 101 && page.metas.count == 50)
        #expect(page == Samples.page(of: many, request))
    }

    @Test("pages, searches and counts follow a re-sync and a rename")
    func followChanges() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        try await db.savePersons(Array(everyone.prefix(150))) { _ in }
        var changed = everyone
        changed[3].name = "Quinn Vale"
        changed[4].country = "NZ"
        changed[5].gender = changed[5].gender == .female ? .male : .female
        try await db.savePersons(changed) { _ in }
        try await walk(db, PageRequest(isRegion: true), in: changed)
        for filters in [[ListFilter.region: "NZ"], [.region: "KR"], [.gender: "female"], [.gender: "male"]] {
            try await walk(db, PageRequest(filters: filters, isRegion: false), in: changed)
            // A person whose filter values changed keeps the place its group was first stored in,
            // which the reference does not know: the search finds the same people.
            let search = PageRequest(search: "a", filters: filters, isRegion: false)
            let expected = changed.filter { person in
                Samples.matches(person, "a") && filters.allSatisfy { $0.key.value(of: person) == $0.value }
            }
            #expect(try await found(db, search) == expected.map(\.id).sorted(), "\(filters)")
        }
        #expect(try await db.readMetas(PageRequest(search: "vale")).metas == [changed[3].meta])
        let oldName = try await db.readMetas(PageRequest(search: everyone[3].name)).metas
        #expect(!oldName.isEmpty && !oldName.contains { $0.id == changed[3].id })
        #expect(try await db.countPersons() == everyone.count)
    }
}
