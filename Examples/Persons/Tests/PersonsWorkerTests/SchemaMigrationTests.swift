import Foundation
import GRDB
import Persons
import Testing

@testable import PersonsWorker

/// A database written by an earlier version of the app, opened by this one.
@Suite("Migrating the database")
struct SchemaMigrationTests {
    @Test("people stored before the word search are found by any word and by username")
    func wordSearchOnOldPeople() async throws {
        let file = TemporaryDatabase()
        try FileManager.default.createDirectory(at: file.folder, withIntermediateDirectories: true)
        let old = try DatabaseQueue(path: file.path)
        try PersonSchema.migrator.migrate(old, upTo: "v1: people, switches, page anchors")
        try await old.write { db in
            try db.execute(
                sql: """
                    INSERT INTO person (id, name, username, gender, email, age, country)
                    VALUES ('1', 'Ada Park', 'adap', 'female', 'ada@example.com', 36, 'KR')
                    """)
        }
        try old.close()

        let db = try PersonDBWorker(path: file.path)
        for search in ["park", "ADA", "adap", "ada pa"] {
            #expect(try await db.readMetas(PageRequest(search: search)).metas.map(\.id) == ["1"], "\(search)")
        }
        #expect(try await db.readMetas(PageRequest(search: "kim")).metas.isEmpty)
    }
}
