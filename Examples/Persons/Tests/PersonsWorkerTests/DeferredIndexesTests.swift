import Foundation
import GRDB
import Persons
import PersonsWorker
import Testing

/// A sync of many pages into a database holding fewer people writes its pages without the
/// indexes and makes them after its last page; one that stops midway leaves nothing unindexed
/// once the file is opened again.
@Suite("Indexes put off by a sync of many pages")
struct DeferredIndexesTests {
    let everyone = people(30)

    /// Saves page `page` of a sync of the 30 people in pages of 10.
    func savePage(_ page: Int, _ db: PersonDBWorker) async throws {
        let plan = SyncPlan(source: "test", count: 30, seed: "s", pageSize: 10, pagesStored: page)
        let batch = Array(everyone[(page - 1) * 10..<page * 10])
        _ = try await db.savePersons(PersonBatches(batch), expected: 10, recording: plan) { _ in }
    }

    /// The secondary indexes the file has.
    func indexes(_ path: String) throws -> Set<String> {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            Set(
                try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"))
        }
    }

    @Test("the last page makes the search entries, the indexes and the page index")
    func madeAtTheEnd() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        let all = try indexes(file.path)
        for page in 1...3 { try await savePage(page, db) }
        #expect(try indexes(file.path) == all)
        #expect(try await db.countPersons() == 30)
        let found = try await db.readMetas(PageRequest(criteria: ListCriteria(search: "ada"), isRegion: false))
        #expect(
            found.total
                == everyone.count { $0.name.lowercased().split(separator: " ").contains { $0.hasPrefix("ada") } })
        #expect(found.total > 0)
    }

    @Test("a sync stopped after its first page: the next opening of the file makes what it put off")
    func caughtUpOnOpening() async throws {
        let file = TemporaryDatabase()
        let all: Set<String>
        do {
            let db = try PersonDBWorker(path: file.path)
            all = try indexes(file.path)
            try await savePage(1, db)
            #expect(try indexes(file.path).isEmpty, "the first page puts the indexes off")
            #expect(try await db.countPersons() == 0, "the list shows what was there before the sync")
        }
        let reopened = try PersonDBWorker(path: file.path)
        #expect(try indexes(file.path) == all)
        #expect(try await reopened.countPersons() == 10)
        let found = try await reopened.readMetas(PageRequest(criteria: ListCriteria(search: "ada"), isRegion: false))
        #expect(
            found.total
                == everyone.prefix(10).count {
                    $0.name.lowercased().split(separator: " ").contains { $0.hasPrefix("ada") }
                })
    }
}
