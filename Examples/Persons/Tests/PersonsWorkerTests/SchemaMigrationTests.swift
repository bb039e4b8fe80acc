import Foundation
import GRDB
import Persons
import Testing

@testable import PersonsWorker

/// A database written by an earlier version of the app, opened by this one.
@Suite("Migrating the database")
struct SchemaMigrationTests {
    /// `file` migrated up to `version`, holding Ada Park and Tom Kim as that version stored
    /// people, opened by this version.
    func opened(after version: String, in file: borrowing TemporaryDatabase) async throws -> PersonDBWorker {
        try FileManager.default.createDirectory(at: file.folder, withIntermediateDirectories: true)
        let old = try DatabaseQueue(path: file.path)
        try PersonSchema.migrator.migrate(old, upTo: version)
        try await old.write { db in
            try db.execute(
                sql: """
                    INSERT INTO person (id, name, username, gender, email, age, country)
                    VALUES ('1', 'Ada Park', 'adap', 'female', 'ada@example.com', 36, 'KR'),
                           ('2', 'Tom Kim', 'tkim', 'male', 'tom@example.com', 52, 'US')
                    """)
        }
        try old.close()
        return try PersonDBWorker(path: file.path)
    }

    @Test(
        "people stored by each earlier version are kept, found by any word and by username, counted and filtered",
        arguments: [
            "v1: people, switches, page anchors", "v2: search by any word of the name and by username",
            "v3: syncs in pages, resumed where they stopped",
        ])
    func earlierVersions(version: String) async throws {
        let file = TemporaryDatabase()
        let db = try await opened(after: version, in: file)
        for search in ["park", "ADA", "adap", "ada pa"] {
            #expect(try await db.readMetas(PageRequest(search: search)).metas.map(\.id) == ["1"], "\(search)")
        }
        #expect(try await db.readMetas(PageRequest(search: "zed")).metas.isEmpty)
        #expect(try await db.countPersons() == 2)
        #expect(try await db.readMetas(PageRequest(filters: [.gender: "male"])).metas.map(\.id) == ["2"])
        #expect(try await db.readPerson(id: "2").name == "Tom Kim")
    }
}
