import Foundation
import GRDB
import NIOConcurrencyHelpers
import Persons
import PersonsTestSupport
import Testing

@testable import PersonsWorker

/// The list's tables (indexes, search, counts) are made from its declarations (`ListSort`,
/// `ListFilter`); every list they allow is read from an index, and a file whose tables differ
/// gets them made again when it is opened.
@Suite("The list's tables")
struct ListTablesTests {
    /// The schema of the database at `path`, as SQL.
    func schema(_ path: String) throws -> [String] {
        try DatabaseQueue(path: path).read { db in
            try String.fetchAll(
                db, sql: "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY name")
        }
    }

    /// The schema of a file whose people were stored the usual way, a few at a time: the list's
    /// tables as the declarations make them.
    func declaredSchema() async throws -> [String] {
        let file = TemporaryDatabase()
        try await PersonDBWorker(path: file.path).savePersons(people(300)) { _ in }
        return try schema(file.path)
    }

    /// Every list a request can ask for: each sort, with no filter, each filter, and all of them,
    /// with and without a search, from the start, after a key and from a jump.
    var requests: [PageRequest] {
        let values = ListFilter.allCases.map { ($0, $0.choices?.last ?? "KR") }
        let filters = [[:]] + values.map { [$0.0: $0.1] } + [Dictionary(uniqueKeysWithValues: values)]
        // A value each field can have: its last jump's, or a letter.
        let value = { (field: ListField) in field.jumps.last?.from ?? "m" }
        return ListSort.allCases.flatMap { sort in
            filters.flatMap { filters in
                ["", "ada"].flatMap { search in
                    let jump = sort.fields(besides: filters.keys).first.map(value) ?? "m"
                    let positions = [ListPosition.start, .after(ListKey(sort.fields.map(value))), .from(jump)]
                    return positions.map { position in
                        PageRequest(
                            search: search, filters: filters, order: sort.order, position: position,
                            isRegion: sort.isRegion)
                    }
                }
            }
        }
    }

    @Test(
        "every list the declarations allow is read from an index: no query scans the people or sorts more than a page")
    func queryPlans() async throws {
        let statements = NIOLockedValueBox<[String]>([])
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            db.trace { event in
                if case .statement(let statement) = event { statements.withLockedValue { $0.append(statement.sql) } }
            }
        }
        let queue = try DatabaseQueue(configuration: configuration)
        let db = try PersonDBWorker(database: queue)
        try await db.savePersons(people(300)) { _ in }
        for request in requests {
            statements.withLockedValue { $0 = [] }
            _ = try await db.readMetas(request)
            for sql in statements.withLockedValue({ $0 }) where sql.hasPrefix("SELECT") {
                let unbound = StatementArguments(Array(repeating: DatabaseValue.null, count: sql.count { $0 == "?" }))
                let plan = try await queue.read { db in
                    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: unbound)
                        .map { $0["detail"] as String }.joined(separator: "; ")
                }
                // The page of a search is sorted for showing: its 100 rows, found by their keys.
                let sortsAPage = sql.contains("seq IN")
                // Never the whole table; the people in an index's order only with nothing to seek.
                #expect(!plan.contains(/SCAN person(;|$)/), "\(request): \(sql): \(plan)")
                let seeks = sql.contains("FROM person WHERE")
                #expect(!seeks || !plan.contains("SCAN person USING"), "\(request): \(sql): \(plan)")
                // The groups of filter values are a few rows, sorted as read.
                let readsGroups = sql.contains("FROM person_count")
                #expect(sortsAPage || readsGroups || !plan.contains("TEMP B-TREE"), "\(request): \(sql): \(plan)")
            }
        }
    }

    @Test("a filter's field is a column of the people, and its values are one word each for the search")
    func filtersFitTheTables() async throws {
        let queue = try DatabaseQueue()
        _ = try PersonDBWorker(database: queue)
        let columns = try await queue.read { db in try db.columns(in: "person").map(\.name) }
        for filter in ListFilter.allCases {
            #expect(columns.contains(filter.field), "\(filter) compares \(filter.field), which the people lack")
            for value in (filter.choices ?? ["KR", "us"]).compactMap(filter.checked) {
                let words = try await queue.read { db in
                    try db.makeTokenizer(.unicode61(diacritics: .remove)).tokenize(query: value)
                }
                #expect(words.count == 1, "\(filter): \(value) is \(words.count) words for the search")
            }
        }
    }

    @Test(
        "a sync's pages each add a b-tree to the search, its last page merges them into one past the most kept, a small save adds one, and every list reads as before"
    )
    func searchMergedAfterASync() async throws {
        let queue = try DatabaseQueue()
        let db = try PersonDBWorker(database: queue)
        let trees = { try await queue.read { db in try ListTables.bTrees(db) } }
        let stored = people(1_400)
        var plan = SyncPlan(source: "bundled", count: 1_200, seed: "s", pageSize: 200)
        #expect(plan.pages > ListTables.mostBTrees)
        for page in 0..<plan.pages {
            plan.pagesStored += 1
            let batch = Array(stored[page * plan.pageSize..<(page + 1) * plan.pageSize])
            _ = try await db.savePersons(PersonBatches(batch), expected: batch.count, recording: plan) { _ in }
            let counted = try await trees()
            if plan.isDone {
                #expect(counted == 1, "after the last page")
            } else {
                #expect((1...page + 1).contains(counted), "after page \(page + 1) of \(plan.pages): \(counted)")
            }
            let distinct = try await queue.read { db in
                try Int.fetchOne(db, sql: "SELECT count(DISTINCT segid) FROM person_search_idx")
            }
            #expect(counted == distinct, "the b-trees counted by seeks are the distinct segments")
        }
        // One more save of a few people, as a re-sync of one page: one more b-tree, no merge.
        _ = try await db.savePersons(PersonBatches(Array(stored[1_200...])), expected: 200, recording: nil) { _ in }
        #expect(try await trees() == 2)
        for request in requests {
            #expect(try await db.readMetas(request) == Samples.page(of: stored, request), "\(request)")
        }
    }

    @Test(
        "small saves past the most b-trees kept merge some of them: the b-trees stay few, and every list reads as before"
    )
    func smallSavesMergeSome() async throws {
        let queue = try DatabaseQueue()
        let db = try PersonDBWorker(database: queue)
        let stored = people(1_600)
        let trees = { try await queue.read { db in try ListTables.bTrees(db) } }
        var most = 0
        for save in 0..<80 {
            let batch = Array(stored[save * 20..<(save + 1) * 20])
            _ = try await db.savePersons(PersonBatches(batch), expected: batch.count, recording: nil) { _ in }
            most = max(most, try await trees())
        }
        #expect(most > ListTables.mostBTrees, "the saves went past the most kept: a merge was due")
        #expect(most <= 2 * ListTables.mostBTrees, "the small saves' b-trees are merged with each other")
        for request in requests {
            #expect(try await db.readMetas(request) == Samples.page(of: stored, request), "\(request)")
        }
    }

    @Test("the searched text keeps runs of letters and of digits apart, in any script")
    func searchableText() {
        #expect(ListTables.searchable("bluefox123") == "bluefox 123")
        #expect(ListTables.searchable("Zoë2024x") == "Zoë 2024 x")
        #expect(ListTables.searchable("Ann-Marie 7") == "Ann-Marie 7")
        // Arabic letters, then Arabic-Indic digits.
        #expect(ListTables.searchable("ادم٤٥") == "ادم ٤٥")
    }

    @Test(
        "a large store into an empty table makes the indexes after its rows: the same schema and pages; one that fails leaves nothing"
    )
    func largeStore() async throws {
        let declared = try await declaredSchema()

        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        let empty = try schema(file.path)
        let stored = people(ListTables.largeStore, seed: 7)
        // Half the batches, then a failure: nothing is stored, the indexes are back.
        let (stream, continuation) = AsyncStream.makeStream(of: Result<PersonBatch, Fizzle>.self)
        continuation.yield(.success(PersonBatch(people: Array(stored.prefix(stored.count / 2)))))
        continuation.yield(.failure(.noInternet))
        continuation.finish()
        await #expect(throws: Fizzle.noInternet) {
            _ = try await db.savePersons(PersonBatches(stream), expected: stored.count, recording: nil) { _ in }
        }
        #expect(try await db.countPersons() == 0)
        #expect(try schema(file.path) == empty)

        let report = try await db.savePersons(PersonBatches(stored), expected: stored.count, recording: nil) { _ in }
        #expect(report.inserted == stored.count)
        #expect(try schema(file.path) == declared)
        for request in requests {
            #expect(try await db.readMetas(request) == Samples.page(of: stored, request), "\(request)")
        }
    }

    @Test(
        "a first sync in pages makes the indexes at its last page, its lists read right meanwhile; a page that fails brings them back"
    )
    func firstSyncInPages() async throws {
        let declared = try await declaredSchema()
        let stored = people(ListTables.largeStore, seed: 11)
        let first = Array(stored.prefix(stored.count / 2))
        let plan = SyncPlan(
            source: "https://randomuser.me/api/", count: stored.count, seed: "k3x9", pageSize: first.count)
        // Some of every kind of list (each sort, filter, search and position): the reference
        // reads of all of them at this size take a minute in a debug build.
        let sampled = requests.enumerated().filter { $0.offset % 7 == 0 }.map(\.element)

        for lastPageFails in [false, true] {
            let file = TemporaryDatabase()
            let db = try PersonDBWorker(path: file.path)
            var progress = plan
            progress.pagesStored = 1
            _ = try await db.savePersons(PersonBatches(first), expected: first.count, recording: progress) { _ in }
            #expect(try schema(file.path) != declared, "the indexes wait for the last page")
            for request in sampled {
                #expect(try await db.readMetas(request) == Samples.page(of: first, request), "\(request)")
            }

            progress.pagesStored = 2
            let rest = Array(stored.dropFirst(first.count))
            let (stream, continuation) = AsyncStream.makeStream(of: Result<PersonBatch, Fizzle>.self)
            continuation.yield(.success(PersonBatch(people: rest)))
            if lastPageFails { continuation.yield(.failure(.noInternet)) }
            continuation.finish()
            let last = {
                try await db.savePersons(PersonBatches(stream), expected: rest.count, recording: progress) { _ in }
            }
            if lastPageFails {
                await #expect(throws: Fizzle.noInternet) { _ = try await last() }
            } else {
                _ = try await last()
            }
            let listed = lastPageFails ? first : stored
            #expect(try await db.countPersons() == listed.count)
            #expect(try schema(file.path) == declared, "failed: \(lastPageFails)")
            for request in sampled {
                #expect(try await db.readMetas(request) == Samples.page(of: listed, request), "\(request)")
            }
        }
    }

    @Test("every index on the people is declared in ListTables: no migration makes one of its own")
    func indexesDeclared() async throws {
        let migrated = try DatabaseQueue()
        try PersonSchema.migrator.migrate(migrated)
        // v1's two came before the declarations; making the tables drops them.
        let before = ["person_by_name", "person_by_region"]
        for index in try await migrated.read(ListTables.madeIndexes) where !before.contains(index) {
            Issue.record(
                "a migration makes the index \(index) on the people: declare it in ListTables, which drops any other")
        }
        let file = TemporaryDatabase()
        try await PersonDBWorker(path: file.path).savePersons(people(30)) { _ in }
        let made = try await DatabaseQueue(path: file.path).read(ListTables.madeIndexes)
        #expect(made == ListTables.indexNames)
        #expect(made.count == ListTables.indexes.count && made.count > ListSort.allCases.count)
    }

    @Test("tables changed, dropped or added by hand are made again from the declarations when the file is opened")
    func madeAgain() async throws {
        let file = TemporaryDatabase()
        let stored = people(300)
        try await PersonDBWorker(path: file.path).savePersons(stored) { _ in }
        let declared = try schema(file.path)
        #expect(declared.contains { $0.hasPrefix("index person_by_gender_country_name_id:") })
        try await DatabaseQueue(path: file.path).write { db in
            try db.drop(index: "person_by_name_id")
            try db.execute(sql: "DROP INDEX person_by_country_name_id")
            try db.create(index: "person_by_country_name_id", on: "person", columns: ["country"])
            try db.create(index: "person_by_age", on: "person", columns: ["age"])
            // On an expression: GRDB's `indexes(on:)` does not list it, and it is dropped all the same.
            try db.execute(sql: "CREATE INDEX person_by_lower_name ON person(lower(name))")
            try db.drop(table: "person_count")
            try db.drop(table: "person_search")
        }
        let reopened = try PersonDBWorker(path: file.path)
        #expect(try schema(file.path) == declared)
        #expect(try await reopened.countPersons() == stored.count)
        for request in requests {
            #expect(try await reopened.readMetas(request) == Samples.page(of: stored, request), "\(request)")
        }
    }
}
