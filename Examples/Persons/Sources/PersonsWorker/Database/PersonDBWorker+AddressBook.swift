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

    /// Records a push: the card (or none), and the outbox entry gone unless the person changed
    /// again since `pushed` was read.
    public func recordPush(_ id: Person.ID, pushed: Person?, card: AddressCard?) async throws(Fizzle) {
        try await write("record the push of person \(id)", otherwise: .saveFailed) { db in
            if let card {
                try db.execute(
                    sql: """
                        INSERT INTO card (id, href, etag, text) VALUES (?, ?, ?, ?)
                        ON CONFLICT(id) DO UPDATE SET href = excluded.href, etag = excluded.etag, text = excluded.text
                        """, arguments: [id, card.href, card.etag, card.text])
            } else {
                try db.execute(sql: "DELETE FROM card WHERE id = ?", arguments: [id])
            }
            let now = try PersonRecord.filter(PersonRecord.Columns.id == id).fetchOne(db)?.person
            if now == pushed { try db.execute(sql: "DELETE FROM outbox WHERE id = ?", arguments: [id]) }
        }
    }

    /// Stores a pull: people upserted with every field kept as edited here, their cards, the
    /// people deleted there deleted here (and remembered, for the directory's sync), the token.
    public func recordPull(
        _ pulled: [(person: Person, card: AddressCard)], deleted: [Person.ID], token: String?
    ) async throws(Fizzle) {
        try await write("store what the address book sent", otherwise: .saveFailed) { db in
            let all = PersonField.allCases.reduce(0) { $0 | $1.bit }
            try ListTables.keepInStep(pulled.map(\.person.id) + deleted, db) {
                for (person, card) in pulled {
                    let record = PersonRecord(person)
                    try db.execute(
                        sql: """
                            INSERT INTO person (id, name, username, gender, email, age, country, cellphone, photo, edited)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                            ON CONFLICT(id) DO UPDATE SET name = excluded.name, username = excluded.username,
                                gender = excluded.gender, email = excluded.email, age = excluded.age,
                                country = excluded.country, cellphone = excluded.cellphone, edited = excluded.edited
                            """, arguments: record.upsertArguments + [all])
                    try db.execute(
                        sql: """
                            INSERT INTO card (id, href, etag, text) VALUES (?, ?, ?, ?)
                            ON CONFLICT(id) DO UPDATE SET href = excluded.href, etag = excluded.etag, text = excluded.text
                            """, arguments: [person.id, card.href, card.etag, card.text])
                }
                for id in deleted {
                    try db.execute(sql: "DELETE FROM person WHERE id = ?", arguments: [id])
                    try db.execute(sql: "DELETE FROM card WHERE id = ?", arguments: [id])
                    try db.execute(sql: "INSERT OR IGNORE INTO person_deleted (id) VALUES (?)", arguments: [id])
                }
            }
            if let token {
                try db.execute(
                    sql:
                        "INSERT INTO address_book (key, value) VALUES ('token', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    arguments: [token])
            }
        }
    }

    /// Puts the person `id` in the outbox, after the others, if an address book is linked and
    /// they are not waiting already.
    static func enqueue(_ id: Person.ID, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO outbox (id) SELECT ? WHERE EXISTS (SELECT 1 FROM address_book WHERE key = 'collection')
                ON CONFLICT(id) DO NOTHING
                """, arguments: [id])
    }
}
