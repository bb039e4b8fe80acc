import GRDB
import Persons

// MARK: - Editing, adding and deleting one person

extension PersonDBWorker {
    /// Saves `person` over the stored one with the same id in one transaction, the list's tables
    /// kept in step (the database puts them in the address book's outbox, if one is linked);
    /// each field that differs from what was stored gets its bit in `edited`, so that a sync
    /// keeps it. Returns the person as stored.
    public func editPerson(_ person: Person) async throws(Fizzle) -> Person {
        try await write("save the edit of person \(person.id)", otherwise: .saveFailed) { db in
            try Self.saveEdit(person, db)
        }
    }

    /// Saves `person` over the stored one with the same id, each field that differs marked as
    /// edited here, and returns them as stored; ``Fizzle/notFound(_:)`` if there is none.
    static func saveEdit(_ person: Person, _ db: Database) throws -> Person {
        guard let stored = try PersonRecord.filter(PersonRecord.Columns.id == person.id).fetchOne(db)?.person
        else { throw Fizzle.notFound(person.id) }
        let edited = PersonField.allCases.filter { $0.text(of: stored) != $0.text(of: person) }
            .reduce(0) { $0 | $1.bit }
        let record = PersonRecord(person)
        try ListTables.keepInStep([person.id], db) {
            try db.execute(
                sql: "UPDATE person SET \(PersonRecord.fieldAssignments), edited = edited | ? WHERE id = ?",
                arguments: StatementArguments(record.fieldValues + [edited, record.id]))
        }
        return try PersonRecord.filter(PersonRecord.Columns.id == person.id).fetchOne(db)?.person ?? person
    }

    /// Stores `person`, added here: every field is the user's (all bits of `edited`).
    public func addPerson(_ person: Person) async throws(Fizzle) {
        try await write("add person \(person.id)", otherwise: .saveFailed) { db in
            let record = PersonRecord(person)
            let edited = PersonField.allCases.reduce(0) { $0 | $1.bit }
            try ListTables.keepInStep([person.id], db) {
                try db.execute(
                    sql: PersonRecord.insert(adding: ["edited"]), arguments: record.arguments(adding: [edited]))
            }
        }
    }

    /// Deletes the person with `id` in one transaction, the list's tables kept in step, and keeps
    /// them among the deleted a while (to be brought back), their id for good, so that a sync does
    /// not bring them back.
    public func deletePerson(id: Person.ID) async throws(Fizzle) {
        try await write("delete person \(id)", otherwise: .saveFailed) { db in
            guard try PersonRecord.filter(PersonRecord.Columns.id == id).fetchCount(db) > 0 else {
                throw Fizzle.notFound(id)
            }
            try Self.delete(id, by: .here, db)
        }
    }
}
