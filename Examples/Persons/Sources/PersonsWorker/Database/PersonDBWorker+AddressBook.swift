import GRDB
import Persons

// MARK: - What is kept of the address book

extension PersonDBWorker {
    /// The collection, token, cards and outbox.
    public func readAddressBook() async throws(Fizzle) -> AddressBookLinks {
        try await read("read the address book's links") { db in
            let settings = try Row.fetchAll(db, sql: "SELECT key, value FROM address_book")
                .reduce(into: [String: String]()) { $0[$1["key"]] = $1["value"] }
            let cards = try Row.fetchAll(db, sql: "SELECT id, href, etag, text FROM card")
                .reduce(into: [Person.ID: AddressCard]()) { cards, row in
                    cards[row["id"]] = AddressCard(href: row["href"], etag: row["etag"], text: row["text"])
                }
            let outbox = try String.fetchAll(db, sql: "SELECT id FROM outbox ORDER BY seq")
            return AddressBookLinks(
                collection: settings["collection"], token: settings["token"], cards: cards, outbox: outbox)
        }
    }

    /// Links the people with `collection`; a collection not linked before starts afresh: no
    /// cards, no token, everyone in the outbox.
    public func linkAddressBook(_ collection: String) async throws(Fizzle) {
        try await write("link the address book", otherwise: .saveFailed) { db in
            let linked = try String.fetchOne(db, sql: "SELECT value FROM address_book WHERE key = 'collection'")
            guard linked != collection else { return }
            try db.execute(sql: "DELETE FROM card")
            try db.execute(sql: "DELETE FROM outbox")
            try db.execute(sql: "DELETE FROM address_book")
            try db.execute(
                sql: "INSERT INTO address_book (key, value) VALUES ('collection', ?)", arguments: [collection])
            try db.execute(sql: "INSERT INTO outbox (id) SELECT id FROM person ORDER BY seq")
        }
    }

    /// Records a push: the card (or none); `merged` stored as the person, unless they changed
    /// here since `sent` was read; the conflicts kept; the outbox entry gone unless the person is
    /// now other than what the server has.
    public func recordPush(
        _ id: Person.ID, sent: Person?, card: AddressCard?, merged: Person?, conflicts: [PersonConflict]
    ) async throws(Fizzle) {
        try await write("record the push of person \(id)", otherwise: .saveFailed) { db in
            for conflict in conflicts {
                try db.execute(
                    sql: """
                        INSERT INTO person_conflict (id, field, there) VALUES (?, ?, ?)
                        ON CONFLICT(id, field) DO UPDATE SET there = excluded.there
                        """, arguments: [id, conflict.field.rawValue, conflict.there])
            }
            if !conflicts.isEmpty { try db.notifyChanges(in: Table(Self.conflictTable)) }
            if let card {
                try Self.saveCard(id, card, db)
            } else {
                try db.execute(sql: "DELETE FROM card WHERE id = ?", arguments: [id])
            }
            var now = try PersonRecord.filter(PersonRecord.Columns.id == id).fetchOne(db)?.person
            if let merged, now == sent {
                try Self.store([merged], db)
                now = merged
            }
            if now == (merged ?? sent) { try db.execute(sql: "DELETE FROM outbox WHERE id = ?", arguments: [id]) }
        }
    }

    /// Stores a pull: people upserted with every field kept as edited here, their cards, the
    /// people deleted there deleted here (and remembered, for the directory's sync), the token. A
    /// person changed here since (in the outbox) is left for the next push to merge.
    @discardableResult
    public func recordPull(
        _ pulled: [(person: Person, card: AddressCard)], deleted: [Person.ID], token: String?
    ) async throws(Fizzle) -> Int {
        try await write("store what the address book sent", otherwise: .saveFailed) { db in
            let waiting = Set(try String.fetchAll(db, sql: "SELECT id FROM outbox"))
            let changed = pulled.filter { !waiting.contains($0.person.id) }
            let gone = deleted.filter { !waiting.contains($0) }
            try Self.store(changed.map(\.person), db)
            for (person, card) in changed { try Self.saveCard(person.id, card, db) }
            try ListTables.keepInStep(gone, db) {
                for id in gone {
                    try db.execute(sql: "DELETE FROM person WHERE id = ?", arguments: [id])
                    try db.execute(sql: "DELETE FROM card WHERE id = ?", arguments: [id])
                    try db.execute(sql: "INSERT OR IGNORE INTO person_deleted (id) VALUES (?)", arguments: [id])
                }
            }
            // What came from the address book is not sent back to it.
            for id in changed.map(\.person.id) + gone {
                try db.execute(sql: "DELETE FROM outbox WHERE id = ?", arguments: [id])
            }
            if let token {
                try db.execute(
                    sql:
                        "INSERT INTO address_book (key, value) VALUES ('token', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    arguments: [token])
            }
            return changed.count + gone.count
        }
    }

    /// Upserts `people` as the address book has them: every field kept as edited here, so the
    /// directory's sync does not undo them; the photo stays the directory's.
    private static func store(_ people: [Person], _ db: Database) throws {
        let all = PersonField.allCases.reduce(0) { $0 | $1.bit }
        try ListTables.keepInStep(people.map(\.id), db) {
            for person in people {
                try db.execute(
                    sql: """
                        INSERT INTO person (id, name, username, gender, email, age, country, cellphone, photo, edited)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT(id) DO UPDATE SET name = excluded.name, username = excluded.username,
                            gender = excluded.gender, email = excluded.email, age = excluded.age,
                            country = excluded.country, cellphone = excluded.cellphone, edited = excluded.edited
                        """, arguments: PersonRecord(person).upsertArguments + [all])
            }
        }
    }

    private static func saveCard(_ id: Person.ID, _ card: AddressCard, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO card (id, href, etag, text) VALUES (?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET href = excluded.href, etag = excluded.etag, text = excluded.text
                """, arguments: [id, card.href, card.etag, card.text])
    }
}
