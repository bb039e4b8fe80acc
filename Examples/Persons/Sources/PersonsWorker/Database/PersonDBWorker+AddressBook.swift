import Foundation
import GRDB
import Persons

// MARK: - What is kept of the address book

extension PersonDBWorker {
    /// What is kept of the address book at `collection` while the people are linked with it: its
    /// token, cards, outbox, and what waits for the user. When they are not (a first exchange
    /// with it), every person here but the bundled sample's waits in the outbox, and nothing else
    /// is known: the links with another book stay as they are until a first exchange with this
    /// one has succeeded (``recordFirstExchange(with:pushes:setAside:pull:)``).
    public func readAddressBook(for collection: String) async throws(Fizzle) -> AddressBookLinks {
        try await read("read the address book's links") { db in try Self.links(for: collection, db) }
    }

    static func links(for collection: String, _ db: Database) throws -> AddressBookLinks {
        let settings = try Self.settings(db)
        guard settings["collection"] == collection else {
            let everyone = try String.fetchAll(db, sql: "SELECT id FROM person WHERE sample = 0 ORDER BY seq")
            return AddressBookLinks(collection: collection, isLinked: false, outbox: everyone)
        }
        // A card's text only for the outbox's people: the only ones a step writes over or merges.
        let cards = try Row.fetchAll(
            db,
            sql: """
                SELECT c.id, c.href, c.etag, CASE WHEN o.id IS NULL THEN '' ELSE c.text END AS text
                FROM card c LEFT JOIN outbox o ON o.id = c.id
                """
        )
        .reduce(into: [Person.ID: AddressCard]()) { cards, row in
            cards[row["id"]] = AddressCard(href: row["href"], etag: row["etag"], text: row["text"])
        }
        let returning = try Row.fetchAll(db, sql: "SELECT id, href, text FROM card_returning")
            .reduce(into: [Person.ID: AddressCard]()) { cards, row in
                cards[row["id"]] = AddressCard(href: row["href"], etag: nil, text: row["text"])
            }
        return AddressBookLinks(
            collection: collection, token: settings["token"], cards: cards,
            outbox: try String.fetchAll(db, sql: "SELECT id FROM outbox ORDER BY seq"),
            deleted: Set(
                try String.fetchAll(db, sql: "SELECT id FROM outbox WHERE id NOT IN (SELECT id FROM person)")),
            setAside: try Row.fetchAll(db, sql: "SELECT id, reason FROM card_set_aside")
                .reduce(into: [:]) { $0[$1["id"]] = $1["reason"] },
            duplicates: try Row.fetchAll(db, sql: "SELECT href, id FROM card_duplicate")
                .reduce(into: [:]) { $0[$1["href"]] = $1["id"] },
            held: try String.fetchAll(db, sql: "SELECT id FROM card_held ORDER BY id"),
            returning: returning, unread: try unread(db), deletedLately: try deletedLately(db))
    }

    /// The cards there that are no person here, by address.
    static func unread(_ db: Database) throws -> [UnreadCard] {
        // A kind or a reason the file holds that this app did not write is read as unreadable, and
        // cut to a line's length (the file is outside input too).
        try Row.fetchAll(db, sql: "SELECT href, etag, kind, why FROM card_skipped ORDER BY href").map { row in
            UnreadCard(
                href: row["href"], etag: row["etag"],
                reason: SkippedRecords.Reason(rawValue: row["kind"]) ?? .unreadable,
                why: String((row["why"] as String).prefix(300)))
        }
    }

    /// How many people pulls deleted here without asking, and still gone, in the window the
    /// deletion guard counts over: the last ``Persons/DeletionGuard/windowExchanges`` exchanges
    /// (and the one under way), or the last day, whichever holds more.
    static func deletedLately(_ db: Database) throws -> Int {
        try Int.fetchOne(
            db,
            sql: """
                SELECT count(*) FROM person_deleted WHERE exchange IS NOT NULL
                AND id NOT IN (SELECT id FROM person)
                AND (exchange > (SELECT coalesce(max(seq), 0) FROM address_book_exchange) - ? OR at >= ?)
                """,
            arguments: [DeletionGuard.windowExchanges, Int(Date().timeIntervalSince1970) - DeletionGuard.windowSeconds]
        ) ?? 0
    }

    /// The number of the exchange under way: the one after the last that ended.
    private static func exchangeUnderWay(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT coalesce(max(seq), 0) + 1 FROM address_book_exchange") ?? 1
    }

    /// Records a push (see ``Persons/CardPush``), in one transaction: the person's card, a merge
    /// stored unless they changed here since it was read, the conflicts kept, and the person out
    /// of the outbox unless they are now other than what the server has. Nothing about them is
    /// set aside or held any more.
    public func recordPush(_ push: CardPush) async throws(Fizzle) {
        try await write("record the push of person \(push.id)", otherwise: .saveFailed) { db in
            try Self.record(push, db)
        }
    }

    static func record(_ push: CardPush, _ db: Database) throws {
        for conflict in push.conflicts {
            try db.execute(
                sql: """
                    INSERT INTO person_conflict (id, field, there) VALUES (?, ?, ?)
                    ON CONFLICT(id, field) DO UPDATE SET there = excluded.there
                    """, arguments: [push.id, conflict.field.rawValue, conflict.there])
        }
        if let card = push.card {
            try Self.saveCard(push.id, card, db)
        } else {
            try db.execute(sql: "DELETE FROM card WHERE id = ?", arguments: [push.id])
        }
        var now = try PersonRecord.filter(PersonRecord.Columns.id == push.id).fetchOne(db)?.person
        if let merged = push.merged, now == push.sent {
            try Self.store([merged], db)
            now = merged
        }
        if now == (push.merged ?? push.sent) {
            try db.execute(sql: "DELETE FROM outbox WHERE id = ?", arguments: [push.id])
        }
        for table in ["card_set_aside", "card_held", "card_returning"] {
            try db.execute(sql: "DELETE FROM \(table) WHERE id = ?", arguments: [push.id])
        }
    }

    /// Sets the person `id` aside: the address book refused their card alone, for `reason`. They
    /// stay in the outbox, and are tried again at the next exchange.
    public func recordSetAside(_ id: Person.ID, reason: String) async throws(Fizzle) {
        try await write("set person \(id) aside", otherwise: .saveFailed) { db in
            try db.execute(
                sql: """
                    INSERT INTO card_set_aside (id, reason) VALUES (?, ?)
                    ON CONFLICT(id) DO UPDATE SET reason = excluded.reason
                    """, arguments: [id, reason])
        }
    }

    /// Stores what a pull brought, in one transaction (see
    /// ``Persons/AddressBookDBWork/recordPull(_:holding:releasing:)``).
    public func recordPull(
        _ pull: AddressBookPull, holding held: [Person.ID], releasing released: [Person.ID]
    ) async throws(Fizzle) -> StoredPull {
        try await write("store what the address book sent", otherwise: .saveFailed) { db in
            try Self.record(pull, holding: held, releasing: released, db)
        }
    }

    static func record(
        _ pull: AddressBookPull, holding held: [Person.ID], releasing released: [Person.ID] = [], _ db: Database
    ) throws -> StoredPull {
        // A person changed here since the plan was made waits in the outbox: left as they are.
        let waiting = Set(try String.fetchAll(db, sql: "SELECT id FROM outbox"))
        let duplicated = Set(pull.duplicates.values)
        let changed = pull.changed.filter { !waiting.contains($0.person.id) && !duplicated.contains($0.person.id) }
        let gone = Array(Set(pull.deleted.filter { !waiting.contains($0) && !duplicated.contains($0) }))
        let linked = try Int.fetchOne(db, sql: "SELECT count(*) FROM card") ?? 0
        for id in held { try db.execute(sql: "INSERT OR IGNORE INTO card_held (id) VALUES (?)", arguments: [id]) }
        for id in released { try db.execute(sql: "DELETE FROM card_held WHERE id = ?", arguments: [id]) }
        try Self.store(changed.map(\.person), db)
        for (person, card) in changed { try Self.saveCard(person.id, card, db) }
        let exchange = try exchangeUnderWay(db)
        for id in gone { try Self.delete(id, by: .addressBook, exchange: exchange, db) }
        for href in pull.readAgain { try db.execute(sql: "DELETE FROM card_skipped WHERE href = ?", arguments: [href]) }
        for card in pull.unread {
            try db.execute(
                sql: """
                    INSERT INTO card_skipped (href, etag, kind, why) VALUES (?, ?, ?, ?)
                    ON CONFLICT(href) DO UPDATE SET etag = excluded.etag, kind = excluded.kind, why = excluded.why
                    """, arguments: [card.href, card.etag, card.reason.rawValue, card.why])
        }
        // What came from the address book is not sent back to it, nor held any more.
        for id in changed.map(\.person.id) + gone {
            try db.execute(sql: "DELETE FROM outbox WHERE id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM card_held WHERE id = ?", arguments: [id])
        }
        try db.execute(sql: "DELETE FROM card_duplicate")
        for (href, id) in pull.duplicates {
            try db.execute(sql: "INSERT INTO card_duplicate (href, id) VALUES (?, ?)", arguments: [href, id])
        }
        try db.execute(sql: "DELETE FROM address_book WHERE key = 'token'")
        if let token = pull.token {
            try db.execute(sql: "INSERT INTO address_book (key, value) VALUES ('token', ?)", arguments: [token])
        }
        let held = try Int.fetchOne(db, sql: "SELECT count(*) FROM card_held") ?? 0
        return StoredPull(stored: changed.count + gone.count, held: held, linked: linked)
    }

    /// Links the people with the address book at `collection` after a first exchange with it
    /// succeeded, in one transaction: the links with any other book go; `pushes` are recorded,
    /// `setAside` kept, `pull` (the cards of people who are not here) stored; everyone else
    /// waits in the outbox.
    public func recordFirstExchange(
        with collection: String, pushes: [CardPush], setAside: [Person.ID: String], pull: AddressBookPull
    ) async throws(Fizzle) {
        try await write("link the address book", otherwise: .saveFailed) { db in
            for table in [
                "card", "outbox", "card_set_aside", "card_duplicate", "card_held", "card_returning", "card_skipped",
                "address_book",
            ] {
                try db.execute(sql: "DELETE FROM \(table)")
            }
            try db.execute(
                sql: "INSERT INTO address_book (key, value) VALUES ('collection', ?)", arguments: [collection])
            try db.execute(sql: "INSERT INTO outbox (id) SELECT id FROM person WHERE sample = 0 ORDER BY seq")
            for push in pushes { try Self.record(push, db) }
            for (id, reason) in setAside {
                try db.execute(sql: "INSERT INTO card_set_aside (id, reason) VALUES (?, ?)", arguments: [id, reason])
            }
            _ = try Self.record(pull, holding: [], db)
        }
    }

    /// Settles the deletions a pull held for the user's say, in one transaction: `accept`
    /// deletes those people here (kept a while among the deleted); otherwise they are put back:
    /// sent to the address book again at the next exchange. Returns how many.
    public func settleHeldDeletions(accept: Bool) async throws(Fizzle) -> Int {
        try await write("settle the deletions held", otherwise: .saveFailed) { db in
            let held = try String.fetchAll(db, sql: "SELECT id FROM card_held")
            for id in held {
                if accept {
                    // Deleted there already: nothing goes out for them.
                    try Self.delete(id, by: .addressBook, db)
                    try db.execute(sql: "DELETE FROM outbox WHERE id = ?", arguments: [id])
                } else {
                    // Their card goes back as it was, at its address.
                    try db.execute(
                        sql: """
                            INSERT INTO card_returning (id, href, text) SELECT id, href, text FROM card WHERE id = ?
                            ON CONFLICT(id) DO UPDATE SET href = excluded.href, text = excluded.text
                            """, arguments: [id])
                    try db.execute(sql: "DELETE FROM card WHERE id = ?", arguments: [id])
                    try db.execute(sql: "INSERT OR IGNORE INTO outbox (id) VALUES (?)", arguments: [id])
                }
            }
            try db.execute(sql: "DELETE FROM card_held")
            return held.count
        }
    }

    /// Keeps how the last exchange ended, in three keys of the address book's settings, in place
    /// of the one before. A first exchange with another book starts its settings afresh.
    public func recordExchange(_ exchange: AddressBookStatus.Exchange) async throws(Fizzle) {
        try await write("record how the exchange ended", otherwise: .saveFailed) { db in
            try db.execute(sql: "INSERT INTO address_book_exchange (at) VALUES (?)", arguments: [exchange.at])
            // Only the exchanges the deletion guard can still count back to are kept.
            try db.execute(
                sql:
                    "DELETE FROM address_book_exchange WHERE seq <= (SELECT max(seq) FROM address_book_exchange) - ? AND at < ?",
                arguments: [DeletionGuard.windowExchanges, exchange.at - DeletionGuard.windowSeconds])
            let values = [
                ("exchanged_at", String(exchange.at)), ("exchange_outcome", exchange.outcome),
                ("exchange_succeeded", exchange.succeeded ? "1" : "0"),
            ]
            for (key, value) in values {
                try db.execute(
                    sql:
                        "INSERT INTO address_book (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    arguments: [key, value])
            }
        }
    }

    /// The address book's settings, by key: the book linked (`collection`), the token to pull
    /// from, and how the last exchange ended.
    static func settings(_ db: Database) throws -> [String: String] {
        try Row.fetchAll(db, sql: "SELECT key, value FROM address_book")
            .reduce(into: [String: String]()) { $0[$1["key"]] = $1["value"] }
    }

    /// The last exchange as `settings` keep it; `nil` when none ran, or when what the file holds
    /// is not what ``recordExchange(_:)`` writes (the file is outside input too).
    static func lastExchange(in settings: [String: String]) -> AddressBookStatus.Exchange? {
        guard
            let at = settings["exchanged_at"].flatMap({ Int($0) }), at >= 0,
            let outcome = settings["exchange_outcome"], !outcome.isEmpty,
            let succeeded = settings["exchange_succeeded"], ["0", "1"].contains(succeeded)
        else { return nil }
        return AddressBookStatus.Exchange(at: at, outcome: String(outcome.prefix(1_000)), succeeded: succeeded == "1")
    }

    /// What the exchange keeps waiting, for screens to show (see ``Persons/AddressBookStatus``).
    public func readAddressBookStatus() async throws(Fizzle) -> AddressBookStatus {
        try await read("read the address book's status") { db in
            let settings = try Self.settings(db)
            let last = Self.lastExchange(in: settings)
            guard let collection = settings["collection"] else { return AddressBookStatus(lastExchange: last) }
            func entries(_ sql: String) throws -> [AddressBookStatus.Entry] {
                try Row.fetchAll(db, sql: sql).map { row in
                    AddressBookStatus.Entry(id: row["id"], name: row["name"] ?? row["id"], detail: row["detail"])
                }
            }
            return AddressBookStatus(
                collection: collection, lastExchange: last,
                waiting: try Int.fetchOne(db, sql: "SELECT count(*) FROM outbox") ?? 0,
                setAside: try entries(
                    """
                    SELECT s.id, p.name, s.reason AS detail FROM card_set_aside s LEFT JOIN person p ON p.id = s.id
                    ORDER BY p.name, s.id
                    """),
                duplicates: try entries(
                    """
                    SELECT d.id, p.name, group_concat(d.href, ' ') AS detail FROM
                    (SELECT id, href FROM card_duplicate UNION SELECT c.id, c.href FROM card c
                     WHERE c.id IN (SELECT id FROM card_duplicate) ORDER BY href) d
                    LEFT JOIN person p ON p.id = d.id GROUP BY d.id ORDER BY p.name, d.id
                    """),
                held: try entries(
                    "SELECT h.id, p.name, NULL AS detail FROM card_held h LEFT JOIN person p ON p.id = h.id ORDER BY p.name, h.id"
                ),
                choices: try Self.choices(db),
                unread: try Self.unread(db).map { AddressBookStatus.Entry(id: $0.href, name: $0.name, detail: $0.why) },
                deletedLately: try Self.deletedLately(db))
        }
    }

    /// The people with fields changed on both sides, by name, each field in ``Persons/PersonField``
    /// order; a field the file names that the app does not know is left out (the file is outside
    /// input too).
    static func choices(_ db: Database) throws -> [AddressBookStatus.Choice] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT c.id, p.name, c.field FROM person_conflict c JOIN person p ON p.id = c.id
                ORDER BY p.name, c.id
                """)
        var choices: [AddressBookStatus.Choice] = []
        for row in rows {
            guard let field = PersonField(rawValue: row["field"]) else { continue }
            let id: String = row["id"]
            if choices.last?.id == id {
                choices[choices.count - 1].fields.append(field)
            } else {
                choices.append(AddressBookStatus.Choice(id: id, name: row["name"], fields: [field]))
            }
        }
        for index in choices.indices {
            choices[index].fields = PersonField.allCases.filter(choices[index].fields.contains)
        }
        return choices
    }

    /// Upserts `people` as the address book has them: every field kept as edited here, so the
    /// directory's sync does not undo them; the photo stays the directory's. A person among the
    /// deleted who comes back this way is no longer among them.
    static func store(_ people: [Person], _ db: Database) throws {
        let all = PersonField.allCases.reduce(0) { $0 | $1.bit }
        let taken = (PersonField.allCases.map(\.rawValue) + ["edited"]).map { "\($0) = excluded.\($0)" }
        let sql =
            PersonRecord.insert(adding: ["edited"]) + " ON CONFLICT(id) DO UPDATE SET "
            + taken.joined(separator: ", ")
        try ListTables.keepInStep(people.map(\.id), db) {
            for person in people {
                try db.execute(sql: sql, arguments: PersonRecord(person).arguments(adding: [all]))
                try db.execute(sql: "DELETE FROM person_deleted WHERE id = ?", arguments: [person.id])
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
