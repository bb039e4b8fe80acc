import Foundation
import GRDB
import Persons
import Testing

@testable import PersonsWorker

/// A database that cannot be opened is reported with its path, why, and what to do; a file
/// from a newer version is left as it is.
@Suite("Opening a database that cannot be opened")
struct OpeningFailureTests {
    @Test("a folder, a folder that cannot be made, a file that is not a database")
    func causes() throws {
        let file = TemporaryDatabase()
        try FileManager.default.createDirectory(at: file.folder, withIntermediateDirectories: true)
        let text = file.folder.appendingPathComponent("notes.txt").path
        try Data("not a database, just notes\n".utf8).write(to: URL(fileURLWithPath: text))
        let cases: [(path: String, problem: StorageProblem)] = [
            (file.folder.path, .folder),
            ("/proc/pure/persons.sqlite", .folderUnusable),
            (text + "/persons.sqlite", .folderUnusable),
            (text, .notADatabase),
        ]
        for (path, problem) in cases {
            #expect(throws: Fizzle.storageUnavailable(path, because: problem), "\(path)") {
                try PersonDBWorker(path: path)
            }
        }
        #expect(
            Fizzle.storageUnavailable(text, because: .notADatabase).message
                == "Cannot open the database at \(text): the file is not a database, or it is damaged. "
                + "Move it away, or choose another file.")
        #expect(try String(contentsOfFile: text, encoding: .utf8) == "not a database, just notes\n", "left as it was")
    }

    @Test("a file a newer version made is refused, naming both versions, and left unchanged")
    func newerSchema() async throws {
        let file = TemporaryDatabase()
        _ = try PersonDBWorker(path: file.path)
        let queue = try DatabaseQueue(path: file.path)
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9: from the future')")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: file.path))
        let refused = try #require(
            throws: Fizzle.self, performing: { try PersonDBWorker(path: file.path) })
        let known = try #require(PersonSchema.migrator.migrations.last?.split(separator: ":").first)
        #expect(refused == .storageUnavailable(file.path, because: .newerSchema(found: "v9", known: String(known))))
        #expect(refused.message.contains("its schema is v9; this one knows up to \(known)"), "\(refused.message)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == before)
    }

    @Test("a file that lacks a column the migrations make (one was changed after it ran) is refused, naming it")
    func editedMigration() async throws {
        let file = TemporaryDatabase()
        try await PersonDBWorker(path: file.path).savePersons(people(3)) { _ in }
        // As if v1 had made the column after this file ran it.
        try await DatabaseQueue(path: file.path).write { db in
            try db.execute(sql: "ALTER TABLE person DROP COLUMN photo")
        }
        let refused = try #require(throws: Fizzle.self, performing: { try PersonDBWorker(path: file.path) })
        #expect(refused == .storageUnavailable(file.path, because: .editedMigration(lacking: "person.photo")))
        #expect(refused.message.contains("a migration was changed after it ran on this file"), "\(refused.message)")
    }
}
