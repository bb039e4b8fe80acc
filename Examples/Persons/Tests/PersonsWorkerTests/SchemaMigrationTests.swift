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

    @Test(
        "a file of v8: an age 0 a card never gave becomes unknown, without sending anyone again; every other age stays"
    )
    func defaultedAges() async throws {
        let file = TemporaryDatabase()
        try FileManager.default.createDirectory(at: file.folder, withIntermediateDirectories: true)
        let old = try DatabaseQueue(path: file.path)
        try PersonSchema.migrator.migrate(
            old, upTo: "v8: what the address book's exchange holds for the user, and the deleted kept")
        let card = { @Sendable (uid: String, extra: String) in
            "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:Someone\r\n\(extra)END:VCARD\r\n"
        }
        try await old.write { db in
            try db.execute(
                sql: """
                    INSERT INTO person (id, name, username, gender, email, age, country)
                    VALUES ('mum', 'Mum', '', 'unknown', '', 0, 'ZZ'), ('baby', 'Baby', '', 'unknown', '', 0, 'ZZ'),
                           ('dir', 'Directory Baby', '', 'unknown', '', 0, 'NZ'), ('ada', 'Ada', '', 'female', '', 36, 'KR')
                    """)
            try db.execute(sql: "INSERT INTO address_book (key, value) VALUES ('collection', 'http://127.0.0.1:1/b/')")
            for (id, extra) in [("mum", "BDAY:--0412\r\n"), ("baby", "BDAY:2026-01-02\r\n"), ("ada", "")] {
                try db.execute(
                    sql: "INSERT INTO card (id, href, etag, text) VALUES (?, ?, '\"1\"', ?)",
                    arguments: [id, "/b/\(id).vcf", card(id, extra)])
            }
        }
        try old.close()
        let db = try PersonDBWorker(path: file.path)
        #expect(try await db.readPerson(id: "mum").age == nil, "a card without a birth year: unknown")
        #expect(try await db.readPerson(id: "baby").age == 0, "a card whose birth year gives 0")
        #expect(try await db.readPerson(id: "dir").age == 0, "no card: the directory's 0 stays")
        #expect(try await db.readPerson(id: "ada").age == 36)
        #expect(try await db.readAddressBook(for: "http://127.0.0.1:1/b/").outbox.isEmpty, "nobody is sent again")
    }
}
