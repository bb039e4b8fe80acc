import Foundation
import GRDB
import Persons

/// Writes people inside a transaction that saves them: each row inserted, or updated by id,
/// and the list's tables kept in step (see `ListTables`).
struct PersonWriter {
    private let upsert: Statement

    /// A writer for the transaction of `db`.
    init(_ db: Database) throws {
        upsert = try db.cachedStatement(sql: Self.upsertSQL)
    }

    /// A writer with statements of its own: a statement that failed cannot be used again (GRDB
    /// drops it from its cache).
    func renewed(_ db: Database) throws -> PersonWriter {
        try PersonWriter(db)
    }

    /// Writes `people`. A failure can leave part of them written: call it inside a savepoint.
    func write(_ people: [Person], _ db: Database) throws {
        let ids = String(decoding: try JSONEncoder().encode(people.map(\.id)), as: UTF8.self)
        try ListTables.remove(ids, db)
        for person in people { try upsert.execute(arguments: PersonRecord(person).upsertArguments) }
        try ListTables.add(ids, db)
    }

    /// Whether `error` is the database refusing one record (a constraint, a value too large or
    /// of the wrong type), not the database failing (the disk, the file).
    static func refusesRecord(_ error: DatabaseError) -> Bool {
        [.SQLITE_CONSTRAINT, .SQLITE_TOOBIG, .SQLITE_MISMATCH].contains(error.resultCode)
    }

    private static let upsertSQL = """
        INSERT INTO person (id, name, username, gender, email, age, country, cellphone, photo)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET
            name = excluded.name, username = excluded.username, gender = excluded.gender, email = excluded.email,
            age = excluded.age, country = excluded.country, cellphone = excluded.cellphone, photo = excluded.photo
        """
}
