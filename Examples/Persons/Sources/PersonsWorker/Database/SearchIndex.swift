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

    /// Indexes every stored person again: when the index is first made or its rules change.
    static func rebuild(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM person_word")
        let index = try SearchIndex(db)
        let setWords = try db.makeStatement(sql: "UPDATE person SET words = ? WHERE id = ?")
        // Read first: the rows are updated on the way.
        for row in try Row.fetchAll(db, sql: "SELECT id, name, username, country FROM person") {
            let id: String = row["id"]
            let source = Source(name: row["name"], username: row["username"], country: row["country"])
            try setWords.execute(arguments: [SearchWords.words(name: source.name, username: source.username), id])
            try index.update(id, from: nil, to: source)
        }
    }
}
