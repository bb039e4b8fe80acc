import Foundation
import GRDB
import Persons
import PersonsGear

/// The database's own tables, one migration per shipped version: the people, the switches, the
/// sync's plan and the address book's links. Never edit a shipped migration; add the next one.
/// The list's tables (its indexes, search and counts) are not here: they are made from the list's
/// declarations (see `ListTables`), and an index on the people is declared there, never made by a
/// migration (v1's two, made before, are dropped and made again under the declared names); nor
/// are the triggers that follow the fields, made from `PersonField` (``makeFieldTriggers(_:)``).
enum PersonSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: people, switches, page anchors") { db in
            try db.create(table: "person", options: .withoutRowID) { table in
                table.primaryKey("id", .text)
                firstColumns(table)
            }
            // Name search and the list by name; the list by region then name.
            try db.create(index: "person_by_name", on: "person", columns: ["name", "id"])
            try db.create(index: "person_by_region", on: "person", columns: ["country", "name", "id"])

            try db.create(table: "setting", options: .withoutRowID) { table in
                table.primaryKey("key", .text)
                table.column("value", .integer).notNull()
            }
            // The first row of every page, in both list orders, so any page is one index seek.
            try db.create(table: "page_anchor", options: .withoutRowID) { table in
                table.column("ordering", .integer).notNull()
                table.column("page", .integer).notNull()
                table.column("country", .text).notNull()
                table.column("name", .text).notNull().collate(.nocase)
                table.column("id", .text).notNull()
                table.primaryKey(["ordering", "page"])
            }
            try db.create(table: "region_count", options: .withoutRowID) { table in
                table.primaryKey("country", .text)
                table.column("count", .integer).notNull()
            }
        }
        migrator.registerMigration("v2: search by any word of the name and by username") { db in
            try db.alter(table: "person") { table in
                table.add(column: "words", .text).notNull().defaults(to: "")
            }
            // The list orders carry each person's words and the rest of a list row, so a page,
            // and a search that matches many people, is read without leaving the index.
            try db.drop(index: "person_by_name")
            try db.drop(index: "person_by_region")
            try db.create(
                index: "person_by_name", on: "person", columns: ["name", "id", "words", "username", "age", "country"])
            try db.create(
                index: "person_by_region", on: "person", columns: ["country", "name", "id", "words", "username", "age"])

            // Each person's search entries, kept in entry order: a search is one range of this
            // table, counted or sorted without reading the people.
            try db.create(table: "person_word", options: .withoutRowID) { table in
                table.column("entry", .text).notNull()
                table.column("id", .text).notNull()
                table.column("previous", .text).notNull()
                table.column("country", .text).notNull()
                table.column("name", .text).notNull().collate(.nocase)
                table.primaryKey(["entry", "id"])
            }
            // A search's range as narrow as counting needs it.
            try db.create(index: "person_word_to_count", on: "person_word", columns: ["entry", "previous"])
            // The same ranges one region at a time.
            try db.create(
                index: "person_word_by_region", on: "person_word", columns: ["country", "entry", "previous", "name"])
            // It filled `words` and `person_word` from the people here; v4 drops both, so a file
            // migrated from v1 now leaves them empty on the way.
        }
        migrator.registerMigration("v3: syncs in pages, resumed where they stopped") { db in
            // One row: the newest sync's directory, count, seed and page size, and how many of
            // its pages are stored (see `SyncPlan`).
            try db.create(table: "sync_plan") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("source", .text).notNull()
                table.column("count", .integer).notNull()
                table.column("seed", .text).notNull()
                table.column("pageSize", .integer).notNull()
                table.column("pagesStored", .integer).notNull()
            }
            // The secondary indexes a sync of many pages dropped, to make again after its last
            // page.
            try db.create(table: "dropped_index") { table in
                table.column("sql", .text).notNull()
            }
        }
        migrator.registerMigration("v4: the list's tables made from its declarations") { db in
            // The people in the order they were first stored (`seq`, which the search table
            // refers to). The tables earlier versions kept by hand for the list go: the list's
            // tables are made from the people by `ListTables`, whenever they differ from what
            // the declarations make.
            try db.create(table: "person_v4") { table in
                table.primaryKey("seq", .integer)
                table.column("id", .text).notNull().unique()
                firstColumns(table)
            }
            let columns = "id, name, username, gender, email, age, country, cellphone, photo"
            try db.execute(sql: "INSERT INTO person_v4 (\(columns)) SELECT \(columns) FROM person ORDER BY id")
            for table in ["person", "person_word", "page_anchor", "region_count", "dropped_index"] {
                try db.drop(table: table)
            }
            try db.rename(table: "person_v4", to: "person")
        }
        migrator.registerMigration("v5: people edited, added and deleted here") { db in
            // The fields a user edited here, one bit each (`PersonField.bit`): a sync leaves them
            // as the user left them. A person added here has every bit set.
            try db.alter(table: "person") { table in
                table.add(column: "edited", .integer).notNull().defaults(to: 0)
            }
            // The people deleted here, whom a sync does not bring back.
            try db.create(table: "person_deleted", options: .withoutRowID) { table in
                table.primaryKey("id", .text)
            }
        }
        migrator.registerMigration("v6: an address book's cards and outbox") { db in
            // The address book linked (`collection`) and the token of its last pull (`token`).
            try db.create(table: "address_book", options: .withoutRowID) { table in
                table.primaryKey("key", .text)
                table.column("value", .text).notNull()
            }
            // Each person's card as last agreed with the server.
            try db.create(table: "card", options: .withoutRowID) { table in
                table.primaryKey("id", .text)
                table.column("href", .text).notNull().unique()
                table.column("etag", .text)
                table.column("text", .text).notNull()
            }
            // The people changed here since the last push, in order, each once: every insert,
            // deletion, or change of a field (`PersonField`) of a person is put there while an
            // address book is linked, whoever writes it (an edit, the directory's sync).
            try db.create(table: "outbox") { table in
                table.autoIncrementedPrimaryKey("seq")
                table.column("id", .text).notNull().unique()
            }
            try db.execute(
                sql: """
                    CREATE TRIGGER person_added_to_outbox AFTER INSERT ON person WHEN \(Self.linked)
                    BEGIN \(enqueue("new")) END;
                    CREATE TRIGGER person_changed_to_outbox AFTER UPDATE ON person
                    WHEN \(Self.linked) AND (\(Self.firstFieldsChanged))
                    BEGIN \(enqueue("new")) END;
                    CREATE TRIGGER person_deleted_to_outbox AFTER DELETE ON person WHEN \(Self.linked)
                    BEGIN \(enqueue("old")) END;
                    """)
        }
        migrator.registerMigration("v7: fields changed on both sides, for the user to choose") { db in
            // The address book's value of a field changed both here and there (`PersonConflict`):
            // kept until the user chooses, or the field's value here changes, or the person goes.
            try db.create(table: "person_conflict", options: .withoutRowID) { table in
                table.column("id", .text).notNull()
                table.column("field", .text).notNull()
                table.column("there", .text).notNull()
                table.primaryKey(["id", "field"])
            }
            let changed = ["name", "username", "gender", "email", "age", "country", "cellphone"]
                .map { "(field = '\($0)' AND old.\($0) IS NOT new.\($0))" }.joined(separator: " OR ")
            try db.execute(
                sql: """
                    CREATE TRIGGER person_changed_ends_conflicts AFTER UPDATE ON person
                    BEGIN DELETE FROM person_conflict WHERE id = new.id AND (\(changed)); END;
                    CREATE TRIGGER person_deleted_ends_conflicts AFTER DELETE ON person
                    BEGIN DELETE FROM person_conflict WHERE id = old.id; END;
                    """)
        }
        migrator.registerMigration("v8: what the address book's exchange holds for the user, and the deleted kept") {
            db in
            // When and by which side a person was deleted, and the person as they were (JSON of
            // `DeletedRecord`), kept `DeletedPerson.keptDays` to be brought back; then only the
            // id stays, so that the directory's sync does not bring them back.
            try db.alter(table: "person_deleted") { table in
                table.add(column: "at", .integer)
                table.add(column: "by", .text)
                table.add(column: "person", .text)
            }
            // The people of the bundled sample, a stranger each: never sent to an address book.
            try db.alter(table: "person") { table in
                table.add(column: "sample", .integer).notNull().defaults(to: 0)
            }
            // The deletions a pull found, too many at once, that wait for the user's say.
            try db.create(table: "card_held", options: .withoutRowID) { table in
                table.primaryKey("id", .text)
            }
            // The people the address book refused, each alone, with why.
            try db.create(table: "card_set_aside", options: .withoutRowID) { table in
                table.primaryKey("id", .text)
                table.column("reason", .text).notNull()
            }
            // The cards that hold the UID of another card, by address: that person is left alone.
            try db.create(table: "card_duplicate", options: .withoutRowID) { table in
                table.primaryKey("href", .text)
                table.column("id", .text).notNull()
            }
            // The outbox's triggers again, leaving the sample's people out.
            try db.execute(
                sql: """
                    DROP TRIGGER person_added_to_outbox;
                    DROP TRIGGER person_changed_to_outbox;
                    DROP TRIGGER person_deleted_to_outbox;
                    CREATE TRIGGER person_added_to_outbox AFTER INSERT ON person WHEN \(Self.linked) AND new.sample = 0
                    BEGIN \(enqueue("new")) END;
                    CREATE TRIGGER person_changed_to_outbox AFTER UPDATE ON person
                    WHEN \(Self.linked) AND new.sample = 0 AND (\(Self.firstFieldsChanged))
                    BEGIN \(enqueue("new")) END;
                    CREATE TRIGGER person_deleted_to_outbox AFTER DELETE ON person WHEN \(Self.linked) AND old.sample = 0
                    BEGIN \(enqueue("old")) END;
                    """)
        }
        migrator.registerMigration("v9: cards kept whole, names in parts, what is not known") { db in
            // The name's parts, as a card's `N` has them; NULL in the rows written before, whose
            // parts follow their name.
            try db.alter(table: "person") { table in
                for column in ["givenName", "middleName", "familyName", "namePrefix", "nameSuffix"] {
                    table.add(column: column, .text)
                }
            }
            // A person deleted keeps their card as last agreed (its address and its text), for a
            // restore to send back; and the exchange that deleted them without asking, if one did.
            try db.alter(table: "person_deleted") { table in
                table.add(column: "card_href", .text)
                table.add(column: "card_text", .text)
                table.add(column: "exchange", .integer)
            }
            // The cards of people brought back, to be made again as they were, at their address.
            try db.create(table: "card_returning", options: .withoutRowID) { table in
                table.primaryKey("id", .text)
                table.column("href", .text).notNull()
                table.column("text", .text).notNull()
            }
            // The cards there that are no person here (unreadable, too large, no UID), by address,
            // with their ETag and why: named until they change or go.
            try db.create(table: "card_skipped", options: .withoutRowID) { table in
                table.primaryKey("href", .text)
                table.column("etag", .text)
                table.column("kind", .text).notNull()
                table.column("why", .text).notNull()
            }
            // The exchanges, numbered, and when each ended: the window the deletion guard counts
            // over.
            try db.create(table: "address_book_exchange") { table in
                table.autoIncrementedPrimaryKey("seq")
                table.column("at", .integer).notNull()
            }
            // An age 0 read from a card that gives none was a default, not a fact: unknown now.
            try forgetDefaultedAges(db)
        }
        return migrator
    }

    /// Makes unknown the age of each person whose card gives none (no `X-PURE-AGE`, no birth
    /// year) and who was stored with 0 for it, without sending them to the address book again.
    private static func forgetDefaultedAges(_ db: Database) throws {
        let waiting = Set(try String.fetchAll(db, sql: "SELECT id FROM outbox"))
        let rows = try Row.fetchAll(
            db, sql: "SELECT c.id, c.text FROM card c JOIN person p ON p.id = c.id WHERE p.age = 0")
        let year = Calendar(identifier: .gregorian).component(.year, from: Date())
        for row in rows {
            let text: String = row["text"]
            guard case .success(let person)? = (try? VCard(parsing: text))?.person(currentYear: year),
                person.age == nil
            else { continue }
            let id: String = row["id"]
            try db.execute(sql: "UPDATE person SET age = '' WHERE id = ?", arguments: [id])
            if !waiting.contains(id) { try db.execute(sql: "DELETE FROM outbox WHERE id = ?", arguments: [id]) }
        }
    }

    /// Whether an address book is linked: the condition of every outbox trigger.
    private static let linked = "EXISTS (SELECT 1 FROM address_book WHERE key = 'collection')"

    /// Puts the person `row` (`new` or `old`) in the outbox, once.
    private static func enqueue(_ row: String) -> String {
        "INSERT INTO outbox (id) VALUES (\(row).id) ON CONFLICT(id) DO NOTHING;"
    }

    /// Whether a field the outbox followed in v6 and v8 changed: those migrations' own list,
    /// before ``makeFieldTriggers(_:)`` made it from `PersonField`.
    private static let firstFieldsChanged = ["name", "username", "gender", "email", "age", "country", "cellphone"]
        .map { "old.\($0) IS NOT new.\($0)" }.joined(separator: " OR ")

    /// The person's columns after the id, as v1 made them and v4 kept them: shipped with those
    /// migrations, so never edited either.
    private static func firstColumns(_ table: TableDefinition) {
        table.column("name", .text).notNull().collate(.nocase)
        table.column("username", .text).notNull()
        table.column("gender", .text).notNull()
        table.column("email", .text).notNull()
        table.column("age", .integer).notNull()
        table.column("country", .text).notNull()
        table.column("cellphone", .text)
        table.column("photo", .text)
    }

    /// Makes again, from ``Persons/PersonField``, the two triggers that follow the person's fields
    /// (v7 and v8 made them first): a change of any field puts the person in the address book's
    /// outbox, and ends the conflict on that field. Run when a file opened for writing differs
    /// from a new one (`PersonDBWorker.prepare`), so a field added is followed with no migration,
    /// and no trigger names a field the app no longer has.
    static func makeFieldTriggers(_ db: Database) throws {
        let fields = PersonField.allCases.map(\.rawValue)
        let changed = fields.map { "old.\($0) IS NOT new.\($0)" }.joined(separator: " OR ")
        let ended = fields.map { "(field = '\($0)' AND old.\($0) IS NOT new.\($0))" }.joined(separator: " OR ")
        try db.execute(
            sql: """
                DROP TRIGGER IF EXISTS person_changed_to_outbox;
                DROP TRIGGER IF EXISTS person_changed_ends_conflicts;
                CREATE TRIGGER person_changed_to_outbox AFTER UPDATE ON person
                WHEN \(Self.linked) AND new.sample = 0 AND (\(changed))
                BEGIN \(enqueue("new")) END;
                CREATE TRIGGER person_changed_ends_conflicts AFTER UPDATE ON person
                BEGIN DELETE FROM person_conflict WHERE id = new.id AND (\(ended)); END;
                """)
    }
}
