import GRDB
import Persons

/// Writes people inside a transaction that saves them: each row inserted, or updated by id
/// except for the fields a user edited here, and the list's tables kept in step (see
/// `ListTables`).
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

    /// Writes `people`, from the bundled sample if `isSample` (a person first stored from it stays
    /// its). A failure can leave part of them written: call it inside a savepoint.
    func write(_ people: [Person], isSample: Bool = false, _ db: Database) throws {
        try ListTables.keepInStep(people.map(\.id), db) {
            for person in people { try upsert.execute(arguments: PersonRecord(person).arguments(adding: [isSample])) }
        }
    }

    /// Whether `error` is the database refusing one record (a constraint, a value too large or
    /// of the wrong type), not the database failing (the disk, the file).
    static func refusesRecord(_ error: DatabaseError) -> Bool {
        [.SQLITE_CONSTRAINT, .SQLITE_TOOBIG, .SQLITE_MISMATCH].contains(error.resultCode)
    }

    /// Each column of the person, a field a user edited here (its bit in `edited`) keeping the
    /// stored value, the others taking the directory's.
    private static let upsertSQL: String = {
        let kept = PersonField.allCases.map { field in
            let column = field.rawValue
            return
                "\(column) = CASE WHEN person.edited & \(field.bit) THEN person.\(column) ELSE excluded.\(column) END"
        }
        return PersonRecord.insert(adding: ["sample"])
            + " ON CONFLICT(id) DO UPDATE SET \((kept + ["photo = excluded.photo"]).joined(separator: ", "))"
    }()
}
