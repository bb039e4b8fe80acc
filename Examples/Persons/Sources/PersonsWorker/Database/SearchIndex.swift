import GRDB
import Persons

/// Keeps the search's table, `person_word`, in step with the people (see ``SearchWords``).
/// Written in the same transaction as the people.
struct SearchIndex {
    /// What a person's entries are made of.
    struct Source: Equatable {
        let name: String
        let username: String
        let country: String
    }

    private let selectSource: Statement
    private let deleteEntry: Statement
    private let insertEntry: Statement

    /// The statements of one transaction that saves people.
    init(_ db: Database) throws {
        selectSource = try db.cachedStatement(sql: "SELECT name, username, country FROM person WHERE id = ?")
        deleteEntry = try db.cachedStatement(sql: "DELETE FROM person_word WHERE entry = ? AND id = ?")
        insertEntry = try db.cachedStatement(
            sql: "INSERT INTO person_word (entry, id, previous, country, name) VALUES (?, ?, ?, ?, ?)")
    }

    /// What the stored person `id` is indexed by; `nil` for a person not stored yet.
    func source(of id: Person.ID) throws -> Source? {
        try Row.fetchOne(selectSource, arguments: [id]).map {
            Source(name: $0["name"], username: $0["username"], country: $0["country"])
        }
    }

    /// Replaces the entries of person `id` made from `old` with those made from `new`; nothing
    /// to do when they are the same, as for most people of a re-sync.
    func update(_ id: Person.ID, from old: Source?, to new: Source) throws {
        guard old != new else { return }
        if let old {
            for (entry, _) in SearchWords.entries(name: old.name, username: old.username) {
                try deleteEntry.execute(arguments: [entry, id])
            }
        }
        for (entry, previous) in SearchWords.entries(name: new.name, username: new.username) {
            try insertEntry.execute(arguments: [entry, id, previous, new.country, new.name])
        }
    }

    /// Indexes every stored person again: when the index is first made.
    static func rebuild(_ db: Database) throws {
        let load = try Load(db)
        try load.addStored(except: [], db)
        try load.finish(db)
    }

    /// `person_word` made anew in entry order, for a bulk write: appending rows in order is far
    /// faster than inserting them at random. The entries gather in a temporary table as the
    /// people are written (while the writer would wait for the next batch), and replace the
    /// table's rows at the end, sorted once.
    struct Load {
        private let insert: Statement

        /// Starts gathering entries.
        init(_ db: Database) throws {
            try db.execute(
                sql: "CREATE TEMP TABLE word_load (entry TEXT, id TEXT, previous TEXT, country TEXT, name TEXT)")
            insert = try db.makeStatement(
                sql: "INSERT INTO word_load (entry, id, previous, country, name) VALUES (?, ?, ?, ?, ?)")
        }

        /// Gathers the entries of person `id`.
        func add(_ id: Person.ID, _ source: Source) throws {
            for (entry, previous) in SearchWords.entries(name: source.name, username: source.username) {
                try insert.execute(arguments: [entry, id, previous, source.country, source.name])
            }
        }

        /// Gathers the entries of every stored person not in `added`.
        func addStored(except added: Set<Person.ID>, _ db: Database) throws {
            let people = try Row.fetchCursor(db, sql: "SELECT id, name, username, country FROM person")
            while let row = try people.next() {
                let id: String = row["id"]
                guard !added.contains(id) else { continue }
                try add(id, Source(name: row["name"], username: row["username"], country: row["country"]))
            }
        }

        /// Replaces the table's rows with those gathered.
        func finish(_ db: Database) throws {
            try db.execute(sql: "DELETE FROM person_word")
            try db.execute(sql: "INSERT INTO person_word SELECT * FROM word_load ORDER BY entry, id")
            try db.execute(sql: "DROP TABLE word_load")
        }
    }

    /// Writes every person's searchable `words` again: when the column is first made.
    static func rewriteWords(_ db: Database) throws {
        let setWords = try db.makeStatement(sql: "UPDATE person SET words = ? WHERE id = ?")
        // Read first: the rows are updated on the way.
        for row in try Row.fetchAll(db, sql: "SELECT id, name, username FROM person") {
            let (id, name, username): (String, String, String) = (row["id"], row["name"], row["username"])
            try setWords.execute(arguments: [SearchWords.words(name: name, username: username), id])
        }
    }
}
