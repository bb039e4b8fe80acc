import GRDB
import Persons

// MARK: - Fields changed on both sides, for the user to choose

extension PersonDBWorker {
    /// The person's conflicts, in ``PersonField`` order; a row naming no field this app knows (a
    /// newer app's) is left out.
    public func readConflicts(id: Person.ID) async throws(Fizzle) -> [PersonConflict] {
        try await read("read the conflicts of person \(id)") { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT field, there FROM person_conflict WHERE id = ?", arguments: [id])
            let conflicts = rows.compactMap { row -> PersonConflict? in
                guard let field = PersonField(rawValue: row["field"]) else { return nil }
                return PersonConflict(field: field, there: row["there"])
            }
            return PersonField.allCases.compactMap { field in conflicts.first { $0.field == field } }
        }
    }

    /// Ends the conflict on `field`: the address book's value saved as an edit (the database
    /// ends the conflict when the value changes), or the value here kept.
    public func resolveConflict(
        _ id: Person.ID, _ field: PersonField, keeping choice: PersonConflict.Choice
    ) async throws(Fizzle) -> Person {
        try await write("resolve the conflict on the \(field) of person \(id)", otherwise: .saveFailed) { db in
            let arguments: StatementArguments = [id, field.rawValue]
            guard
                let there = try String.fetchOne(
                    db, sql: "SELECT there FROM person_conflict WHERE id = ? AND field = ?", arguments: arguments),
                let stored = try PersonRecord.filter(PersonRecord.Columns.id == id).fetchOne(db)?.person
            else { throw Fizzle.noConflict(field) }
            try db.execute(sql: "DELETE FROM person_conflict WHERE id = ? AND field = ?", arguments: arguments)
            guard choice == .there else { return stored }
            var person = stored
            field.set(there, on: &person)
            try Self.save(person, over: stored, db)
            return person
        }
    }
}
