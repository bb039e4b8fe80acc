import Foundation
import GRDB
import Persons

// MARK: - The people deleted, kept a while to be brought back

extension PersonDBWorker {
    /// A person deleted, as `person_deleted` keeps them: the person and which of their fields were
    /// edited here, so that one brought back is as they were.
    private struct DeletedRecord: Codable {
        let person: Person
        let edited: Int
    }

    /// Deletes the person `id` (if stored), the list's tables kept in step, and keeps them among
    /// the deleted: as they were, when, by which side, and their card as last agreed with the
    /// address book (its address and text, for a restore to make again as it was); the pull of
    /// `exchange`, when one deleted them without asking. Their id stays after
    /// ``Persons/DeletedPerson/keptDays``, so that the directory's sync does not bring them back.
    /// Deleted by the address book, their card goes too; deleted here, it stays until the push
    /// deletes it there.
    static func delete(_ id: Person.ID, by side: DeletedPerson.Side, exchange: Int? = nil, _ db: Database) throws {
        let row = try Row.fetchOne(db, sql: "SELECT * FROM person WHERE id = ?", arguments: [id])
        let kept = try row.map { row in
            let record = DeletedRecord(person: try PersonRecord(row: row).person, edited: row["edited"])
            return String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
        }
        let now = Int(Date().timeIntervalSince1970)
        let card =
            try Row.fetchOne(db, sql: "SELECT href, text FROM card WHERE id = ?", arguments: [id])
            ?? Row.fetchOne(db, sql: "SELECT href, text FROM card_returning WHERE id = ?", arguments: [id])
        try ListTables.keepInStep([id], db) {
            try db.execute(sql: "DELETE FROM person WHERE id = ?", arguments: [id])
        }
        if side == .addressBook { try db.execute(sql: "DELETE FROM card WHERE id = ?", arguments: [id]) }
        try db.execute(sql: "DELETE FROM card_returning WHERE id = ?", arguments: [id])
        try db.execute(
            sql: """
                INSERT INTO person_deleted (id, at, by, person, card_href, card_text, exchange)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET at = excluded.at, by = excluded.by, person = excluded.person,
                card_href = excluded.card_href, card_text = excluded.card_text, exchange = excluded.exchange
                """,
            arguments: [id, now, side.rawValue, kept, card?["href"], card?["text"], exchange])
        // Past their time, only the ids are kept.
        try db.execute(
            sql: "UPDATE person_deleted SET person = NULL, card_href = NULL, card_text = NULL WHERE at < ?",
            arguments: [now - DeletedPerson.keptDays * 86_400])
    }

    /// The people deleted in the last ``Persons/DeletedPerson/keptDays`` days and not here again,
    /// newest first; a row this app cannot read is left out, with a line in the log.
    public func readDeleted() async throws(Fizzle) -> [DeletedPerson] {
        let since = Int(Date().timeIntervalSince1970) - DeletedPerson.keptDays * 86_400
        let rows = try await read("read the people deleted") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, at, by, person FROM person_deleted WHERE at >= ? AND person IS NOT NULL
                    AND id NOT IN (SELECT id FROM person)
                    ORDER BY at DESC, id
                    """, arguments: [since]
            ).map { row -> (id: String, at: Int, by: String?, person: String) in
                (row["id"], row["at"], row["by"], row["person"])
            }
        }
        return rows.compactMap { row in
            guard let side = row.by.flatMap(DeletedPerson.Side.init(rawValue:)),
                let record = try? JSONDecoder().decode(DeletedRecord.self, from: Data(row.person.utf8))
            else {
                logger.warning("the deleted person \(row.id) cannot be read back: left out")
                return nil
            }
            return DeletedPerson(person: record.person, at: row.at, by: side)
        }
    }

    /// Brings back the person `id`, deleted in the last ``Persons/DeletedPerson/keptDays`` days,
    /// as they were (their fields edited here still edited), in one transaction; an address book
    /// linked gets them at the next exchange: the card they had, as last agreed, at its address
    /// (unless it is still there), or a new one if they never had one.
    public func restorePerson(id: Person.ID) async throws(Fizzle) -> Person {
        let since = Int(Date().timeIntervalSince1970) - DeletedPerson.keptDays * 86_400
        return try await write("bring back person \(id)", otherwise: .saveFailed) { db in
            guard
                let text = try String.fetchOne(
                    db, sql: "SELECT person FROM person_deleted WHERE id = ? AND at >= ?", arguments: [id, since]),
                let record = try? JSONDecoder().decode(DeletedRecord.self, from: Data(text.utf8)),
                record.person.id == id
            else { throw Fizzle.notDeleted(id) }
            guard try PersonRecord.filter(PersonRecord.Columns.id == id).fetchCount(db) == 0 else {
                throw Fizzle.notDeleted(id)
            }
            let hasCard = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM card WHERE id = ?)", arguments: [id])
            if hasCard != true {
                try db.execute(
                    sql: """
                        INSERT INTO card_returning (id, href, text)
                        SELECT id, card_href, card_text FROM person_deleted
                        WHERE id = ? AND card_href IS NOT NULL AND card_text IS NOT NULL
                        AND EXISTS (SELECT 1 FROM address_book WHERE key = 'collection')
                        ON CONFLICT(id) DO UPDATE SET href = excluded.href, text = excluded.text
                        """, arguments: [id])
            }
            try ListTables.keepInStep([id], db) {
                try db.execute(
                    sql: PersonRecord.insert(adding: ["edited"]),
                    arguments: PersonRecord(record.person).arguments(adding: [record.edited]))
            }
            try db.execute(sql: "DELETE FROM person_deleted WHERE id = ?", arguments: [id])
            return record.person
        }
    }
}
