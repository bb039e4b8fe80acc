import GRDB
import Persons

/// Keeps the search's table, `person_word`, in step with the people (see ``SearchWords``).
/// Written in the same transaction as the people. Each entry carries the fields the list
/// orders sort by (``Persons/ListOrder/searchFields``), so that a search's matches are sorted
/// without reading the people.
struct SearchIndex {
    /// What a person's entries are made of: the words' sources, and the sorted fields' values
    /// (bound as they are, once per person rather than once per entry).
    struct Source: Equatable {
        let name: String
        let username: String
        let sorted: StatementArguments
    }

    /// The sorted fields `person_word` has in this file: all of them, but for a file that a
    /// migration is bringing up to date (its new columns come when it is opened, see
    /// ``Persons/ListOrder/add(_:_:)``).
    private let fields: [ListOrder.Field]
    private let selectSource: Statement
    private let deleteEntry: Statement
    private let insertEntry: Statement

    /// The statements of one transaction that saves people.
    init(_ db: Database) throws {
        fields = try Self.fields(db)
        selectSource = try db.cachedStatement(
            sql:
                "SELECT \((["name", "username"] + fields.map(\.rawValue)).joined(separator: ", ")) FROM person WHERE id = ?"
        )
        deleteEntry = try db.cachedStatement(sql: "DELETE FROM person_word WHERE entry = ? AND id = ?")
        insertEntry = try db.cachedStatement(sql: Self.insert(into: "person_word", fields))
    }

    /// What the person `record` is indexed by.
    func source(for record: PersonRecord) -> Source {
        Source(
            name: record.name, username: record.username,
            sorted: StatementArguments(fields.map { record.value(of: $0) }))
    }

    /// What the stored person `id` is indexed by; `nil` for a person not stored yet.
    func source(of id: Person.ID) throws -> Source? {
        try Row.fetchOne(selectSource, arguments: [id]).map { Self.source(of: $0, fields) }
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
        try Self.insert(id, new, with: insertEntry)
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
        private let fields: [ListOrder.Field]
        private let insert: Statement

        /// Starts gathering entries.
        init(_ db: Database) throws {
            fields = try SearchIndex.fields(db)
            let columns = fields.map { ", \($0.rawValue) \($0.definition)" }.joined()
            try db.execute(sql: "CREATE TEMP TABLE word_load (entry TEXT, id TEXT, previous TEXT\(columns))")
            insert = try db.makeStatement(sql: SearchIndex.insert(into: "word_load", fields))
        }

        /// Gathers the entries of person `id`.
        func add(_ id: Person.ID, _ source: Source) throws {
            try SearchIndex.insert(id, source, with: insert)
        }

        /// Gathers the entries of every stored person not in `added`.
        func addStored(except added: Set<Person.ID>, _ db: Database) throws {
            let columns = (["id", "name", "username"] + fields.map(\.rawValue)).joined(separator: ", ")
            let people = try Row.fetchCursor(db, sql: "SELECT \(columns) FROM person")
            while let row = try people.next() {
                let id: String = row["id"]
                guard !added.contains(id) else { continue }
                try add(id, SearchIndex.source(of: row, fields))
            }
        }

        /// Replaces the table's rows with those gathered.
        func finish(_ db: Database) throws {
            let columns = SearchIndex.columns(fields)
            try db.execute(sql: "DELETE FROM person_word")
            try db.execute(
                sql: "INSERT INTO person_word (\(columns)) SELECT \(columns) FROM word_load ORDER BY entry, id")
            try db.execute(sql: "DROP TABLE word_load")
        }
    }

    /// The sorted fields `person_word` has in this file.
    private static func fields(_ db: Database) throws -> [ListOrder.Field] {
        let present = Set(try db.columns(in: "person_word").map(\.name))
        return ListOrder.searchFields.filter { present.contains($0.rawValue) }
    }

    /// An entry's columns: `entry, id, previous`, then the sorted fields'.
    private static func columns(_ fields: [ListOrder.Field]) -> String {
        (["entry", "id", "previous"] + fields.map(\.rawValue)).joined(separator: ", ")
    }

    /// The statement that inserts an entry into `table`.
    private static func insert(into table: String, _ fields: [ListOrder.Field]) -> String {
        let marks = Array(repeating: "?", count: 3 + fields.count).joined(separator: ", ")
        return "INSERT INTO \(table) (\(columns(fields))) VALUES (\(marks))"
    }

    /// Inserts the entries of person `id` made from `source` with `statement`.
    private static func insert(_ id: Person.ID, _ source: Source, with statement: Statement) throws {
        for (entry, previous) in SearchWords.entries(name: source.name, username: source.username) {
            var arguments: StatementArguments = [entry, id, previous]
            arguments += source.sorted
            try statement.execute(arguments: arguments)
        }
    }

    /// What a row of the people, with the sorted `fields`, is indexed by.
    private static func source(of row: Row, _ fields: [ListOrder.Field]) -> Source {
        let sorted = fields.map { field -> (any DatabaseValueConvertible)? in row[field.rawValue] as DatabaseValue }
        return Source(name: row["name"], username: row["username"], sorted: StatementArguments(sorted))
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
