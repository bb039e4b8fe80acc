import GRDB
import Persons

/// Writes one person inside a transaction that saves people: the row (inserted, or updated by
/// id) and the person's search entries, the way the transaction keeps them.
struct PersonWriter {
    /// How the transaction keeps the search entries.
    enum Entries {
        /// Each person's entries changed in place.
        case inPlace
        /// Gathered for a bulk write (see ``SearchIndex/Load``).
        case gathered(SearchIndex.Load)
        /// Put off until a sync's last page (see ``DeferredIndexes``).
        case putOff
    }

    private let upsert: Statement
    private let searchIndex: SearchIndex
    private let entries: Entries

    /// A writer for the transaction of `db`.
    init(_ db: Database, entries: Entries) throws {
        upsert = try db.cachedStatement(sql: Self.upsertSQL)
        searchIndex = try SearchIndex(db)
        self.entries = entries
    }

    /// A writer with statements of its own: a statement that failed cannot be used again (GRDB
    /// drops it from its cache).
    func renewed(_ db: Database) throws -> PersonWriter {
        try PersonWriter(db, entries: entries)
    }

    /// Writes `person`. A failure can leave part of it written: call it inside a savepoint.
    func write(_ person: Person) throws {
        let record = PersonRecord(person)
        switch entries {
        case .putOff:
            try upsert.execute(arguments: record.upsertArguments)
        case .gathered(let load):
            try upsert.execute(arguments: record.upsertArguments)
            try load.add(person.id, searchIndex.source(for: record))
        case .inPlace:
            let indexed = try searchIndex.source(of: person.id)
            try upsert.execute(arguments: record.upsertArguments)
            try searchIndex.update(person.id, from: indexed, to: searchIndex.source(for: record))
        }
    }

    /// Whether `error` is the database refusing one record (a constraint, a value too large or
    /// of the wrong type), not the database failing (the disk, the file).
    static func refusesRecord(_ error: DatabaseError) -> Bool {
        [.SQLITE_CONSTRAINT, .SQLITE_TOOBIG, .SQLITE_MISMATCH].contains(error.resultCode)
    }

    private static let upsertSQL = """
        INSERT INTO person (id, name, username, gender, email, age, country, cellphone, photo, words)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET
            name = excluded.name, username = excluded.username, gender = excluded.gender, email = excluded.email,
            age = excluded.age, country = excluded.country, cellphone = excluded.cellphone, photo = excluded.photo,
            words = excluded.words
        """
}
