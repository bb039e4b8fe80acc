import Foundation
import GRDB
import Persons
import PersonsTestSupport
import PersonsWorker
import Testing

/// The list orders are declared once (`ListOrder`); the database's indexes come from them.
@Suite("List orders")
struct ListOrderTests {
    /// The indexes of the people's table (not its primary key's).
    func indexes(_ path: String) throws -> Set<String> {
        Set(try columns(path).keys)
    }

    /// The indexes of the people's table, each with its columns.
    func columns(_ path: String) throws -> [String: [String]] {
        try DatabaseQueue(path: path).read { db in
            let indexes = try db.indexes(on: "person").filter { !$0.name.hasPrefix("sqlite_") }
            return Dictionary(uniqueKeysWithValues: indexes.map { ($0.name, $0.columns) })
        }
    }

    @Test("every order has its index, once; one dropped is made again when the file is opened, and pages read right")
    func indexPerOrder() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        try await db.savePersons(people(300)) { _ in }
        #expect(try indexes(file.path) == ["person_by_name", "person_by_region"])
        try await DatabaseQueue(path: file.path).write { db in try db.drop(index: "person_by_region") }
        let reopened = try PersonDBWorker(path: file.path)
        #expect(try indexes(file.path) == ["person_by_name", "person_by_region"])
        let page = try await reopened.readMetas(PageRequest(page: 1, isRegion: true))
        let expected = people(300).map(\.meta).sorted(by: ListOrder.byRegion.precedes)
        #expect(page.metas == Array(expected[100..<200]))
    }

    @Test(
        "the people's indexes follow the declarations by their columns: one changed is made again, one undeclared dropped"
    )
    func indexColumns() async throws {
        let file = TemporaryDatabase()
        let stored = people(300)
        try await PersonDBWorker(path: file.path).savePersons(stored) { _ in }
        let declared = try columns(file.path)
        #expect(declared.count == ListOrder.allCases.count)
        try await DatabaseQueue(path: file.path).write { db in
            try db.drop(index: "person_by_name")
            try db.create(index: "person_by_name", on: "person", columns: ["name"])
            try db.create(index: "person_by_age", on: "person", columns: ["age"])
        }
        let reopened = try PersonDBWorker(path: file.path)
        #expect(try columns(file.path) == declared)
        for request in [PageRequest(page: 1, isRegion: false), PageRequest(search: "ada", isRegion: false)] {
            #expect(try await reopened.readMetas(request) == Samples.page(of: stored, request), "\(request)")
        }
    }

    @Test("a column an order sorts by that the file lacks is added when the file is opened, filled from the people")
    func missingColumn() async throws {
        let file = TemporaryDatabase()
        let stored = people(300)
        try await PersonDBWorker(path: file.path).savePersons(stored) { _ in }
        try await DatabaseQueue(path: file.path).write { db in
            try db.drop(index: "person_word_by_region")
            try db.execute(sql: "ALTER TABLE person_word DROP COLUMN name")
            try db.execute(sql: "ALTER TABLE page_anchor DROP COLUMN name")
        }
        let reopened = try PersonDBWorker(path: file.path)
        let columns = try await DatabaseQueue(path: file.path).read { db in
            try ["person_word", "page_anchor"].map { try db.columns(in: $0).map(\.name) }
        }
        #expect(columns.allSatisfy { $0.contains("name") }, "\(columns)")
        for request in [
            PageRequest(page: 1, isRegion: false), PageRequest(page: 2, isRegion: true),
            PageRequest(search: "a", isRegion: false), PageRequest(search: "a", isRegion: true),
        ] {
            #expect(try await reopened.readMetas(request) == Samples.page(of: stored, request), "\(request)")
        }
    }
}
