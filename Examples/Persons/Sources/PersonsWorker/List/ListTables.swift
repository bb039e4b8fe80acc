import GRDB
import Persons

/// The list's tables, made from its declarations (``Persons/ListOrder``, ``Persons/ListFilter``)
/// beside the people's own table, and kept in step by every write of people:
///
/// - an index for each order, and for each filter followed by each order, named after its
///   columns: a page in any order, under any filters, is one index seek at any depth;
/// - `person_search`, SQLite's full-text search (FTS5) over the names, the usernames and the
///   filters' fields, holding no text of its own (its content is the people's table): a search,
///   filtered or not, is one FTS5 query, and so is its count;
/// - `person_count`, how many people each combination of the filters' values has: the count of
///   everyone, or of any filters, is a sum of a few rows.
///
/// They hold nothing the people do not, so no migration makes them: a file whose schema differs
/// from a new database's (compared as SQL) gets them made again from its people when it is
/// opened, and an in-memory database gets exactly what a file gets.
enum ListTables {
    /// The full-text search table.
    static let search = "person_search"
    /// The count table.
    static let counts = "person_count"
    /// How names are cut into words and compared: case and accents ignored ("lea" finds "Léa").
    static let tokenizer = FTS5TokenizerDescriptor.unicode61(diacritics: .remove)
    /// The columns a search looks in.
    static let searched = ["name", "username"]
    /// The filters' columns.
    static var filtered: [String] { ListFilter.allCases.map(\.field) }

    /// The indexes of the people's table: each order's fields, and each filter's field followed
    /// by each order's, once each.
    static var indexes: [[String]] {
        var indexes: [[String]] = []
        for order in ListOrder.allCases {
            let fields = order.fields.map(\.rawValue)
            for lead in [[]] + filtered.map({ [$0] }) {
                let columns = lead + fields.filter { !lead.contains($0) }
                if !indexes.contains(columns) { indexes.append(columns) }
            }
        }
        return indexes
    }

    /// Drops the list's tables and makes them again from the people.
    static func make(_ db: Database) throws {
        for index in try db.indexes(on: PersonRecord.databaseTableName) where index.origin == .createIndex {
            try db.drop(index: index.name)
        }
        try db.execute(sql: "DROP TABLE IF EXISTS \(search)")
        try db.execute(sql: "DROP TABLE IF EXISTS \(counts)")

        for columns in indexes {
            try db.create(index: "person_by_" + columns.joined(separator: "_"), on: "person", columns: columns)
        }
        try db.create(virtualTable: search, using: FTS5()) { table in
            table.tokenizer = tokenizer
            table.content = PersonRecord.databaseTableName
            table.contentRowID = "seq"
            table.prefixes = [1, 2, 3, 4]
            // Which column a word is in, for the filters; not where in it (no phrases).
            table.detail = "column"
            for column in searched + filtered { table.column(column) }
        }
        try db.execute(sql: "INSERT INTO \(search) (\(search)) VALUES ('rebuild')")
        try db.create(table: counts, options: .withoutRowID) { table in
            for column in filtered { table.column(column, .text).notNull() }
            table.column("count", .integer).notNull()
            table.primaryKey(filtered)
        }
        try count(peopleWhere: "true", db)
    }

    /// Takes the people with these ids (a JSON array) out of the search and the counts: before
    /// they are written again.
    static func remove(_ ids: String, _ db: Database) throws {
        try change(ids, by: -1, db)
    }

    /// Puts the people with these ids (a JSON array) into the search and the counts: after they
    /// are written.
    static func add(_ ids: String, _ db: Database) throws {
        try change(ids, by: 1, db)
    }

    private static func change(_ ids: String, by sign: Int, _ db: Database) throws {
        let people = "id IN (SELECT value FROM json_each(?))"
        let columns = (searched + filtered).joined(separator: ", ")
        let command = sign < 0 ? "\(search), " : ""
        let value = sign < 0 ? "'delete', " : ""
        try db.cachedStatement(
            sql:
                "INSERT INTO \(search) (\(command)rowid, \(columns)) SELECT \(value)seq, \(columns) FROM person WHERE \(people)"
        ).execute(arguments: [ids])
        try count(peopleWhere: people, sign: sign, arguments: [ids], db)
    }

    /// Adds the people `condition` selects to the counts, or takes them out (`sign` -1).
    private static func count(
        peopleWhere condition: String, sign: Int = 1, arguments: StatementArguments = [], _ db: Database
    ) throws {
        let fields = filtered.joined(separator: ", ")
        try db.cachedStatement(
            sql: """
                INSERT INTO \(counts) (\(fields), count)
                SELECT \(fields), \(sign) * count(*) FROM person WHERE \(condition) GROUP BY \(fields)
                ON CONFLICT (\(fields)) DO UPDATE SET count = count + excluded.count
                """
        ).execute(arguments: arguments)
    }
}
