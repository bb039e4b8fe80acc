import GRDB
import Persons

// MARK: - Editing, adding and deleting one person

extension PersonDBWorker {
    /// Saves the fields `draft` gives over the person stored with the id `id`, in one
    /// transaction: one read of them, the draft checked over them
    /// (``Persons/PersonDraft/person(id:photo:over:)``, their photo kept), and one write, the list's tables kept in step (the database puts them in the
    /// address book's outbox, if one is linked); each field that differs from what was stored
    /// gets its bit in `edited`, so that a sync keeps it. Returns the person as they were and as
    /// saved.
    public func editPerson(id: Person.ID, _ draft: PersonDraft) async throws(Fizzle) -> PersonEdit {
        try await write("save the edit of person \(id)", otherwise: .saveFailed) { db in
            guard let stored = try PersonRecord.filter(PersonRecord.Columns.id == id).fetchOne(db)?.person
            else { throw Fizzle.notFound(id) }
            let person = try draft.over(stored).person(id: id, photo: stored.photo, over: stored)
                .mapError(Fizzle.invalidPerson).get()
            try Self.save(person, over: stored, db)
            return PersonEdit(stored: stored, saved: person)
        }
    }

    /// Saves `person` over `stored`, each field that differs marked as edited here.
    static func save(_ person: Person, over stored: Person, _ db: Database) throws {
        let edited = PersonEdit(stored: stored, saved: person).changed.reduce(0) { $0 | $1.bit }
        let record = PersonRecord(person)
        try ListTables.keepInStep([person.id], db) {
            try db.execute(
                sql: "UPDATE person SET \(PersonRecord.fieldAssignments), edited = edited | ? WHERE id = ?",
                arguments: StatementArguments(record.fieldValues + [edited, record.id]))
        }
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
