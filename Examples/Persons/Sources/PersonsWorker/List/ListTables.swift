import Foundation
import GRDB
import Persons

/// The list's tables, made from its declarations (``Persons/ListSort``, ``Persons/ListFilter``)
/// beside the people's own table, and kept in step by every write of people:
///
/// - an index for each order, and for each filter followed by each order, named after those
///   columns and carrying the rest of a list row: a page in any order, under any filters, is
///   one index seek at any depth, and read from the index alone;
/// - `person_count`, how many people each combination of the filters' values has, each
///   combination numbered in the order it was first stored (its `id`): the count of everyone,
///   or of any filters, is a sum of a few rows;
/// - `person_search`, SQLite's full-text search (FTS5) over the names and the usernames,
///   holding no text of its own (contentless), each person's entry at the rowid
///   `group << 32 | seq`, its combination of the filters' values (`person_count.id`) then the
///   order it was stored in: the people of any filters are a few ranges of rowids, which FTS5
///   seeks into, so a filtered search and its count read only what the filters keep.
///
/// They hold nothing the people do not, so no migration makes them: a file whose schema differs
/// from a new database's (compared as SQL) gets them made again from its people when it is
/// opened, and an in-memory database gets exactly what a file gets. Every index on the people is
/// declared here: making the tables drops any other, one a migration made among them
/// (`ListTablesTests` fails naming it).
enum ListTables {
    /// The full-text search table.
    static let search = "person_search"
    /// The count table.
    static let counts = "person_count"
    /// How names are cut into words and compared: case and accents ignored ("lea" finds "Léa").
    static let tokenizer = FTS5TokenizerDescriptor.unicode61(diacritics: .remove)
    /// The columns a search looks in.
    static let searched = ["name", "username"]

    /// The text a person is searched by: runs of letters and of digits apart (`bluefox123` is
    /// `bluefox 123`), so that the start of a word is looked for among a few words, not among
    /// every number a word is followed by (FTS5 goes through each word a prefix could be).
    static func searchable(_ text: String) -> String {
        var result = ""
        var previous = Run.other
        for character in text {
            let run = Run(character)
            if run != previous && run != .other && previous != .other { result.append(" ") }
            result.append(character)
            previous = run
        }
        return result
    }

    /// What a character continues: a run of letters, of digits (any number), or neither.
    private enum Run {
        case letter, digit, other

        /// ASCII without Unicode's tables, which a sync would otherwise look in for every
        /// character of every name (3% of storing a sync's pages, measured A/B).
        init(_ character: Character) {
            switch character.asciiValue {
            case (0x30...0x39)?: self = .digit
            case (0x41...0x5A)?, (0x61...0x7A)?: self = .letter
            case _?: self = .other
            case nil: self = character.isNumber ? .digit : character.isLetter ? .letter : .other
            }
        }
    }

    /// ``searchable(_:)`` in SQL, for the writes of the search entries.
    static let searchableFunction = DatabaseFunction("pure_searchable", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0]).map(searchable)
    }
    /// The filters' columns.
    static var filtered: [String] { ListFilter.allCases.map(\.field) }
    /// The search rowid of a person `p` whose group is `g`: its group, then its stored order.
    static let rowid = "(g.id << 32) | p.seq"
    /// The groups a person `p` is in, `g`.
    static var group: String {
        "JOIN \(counts) g ON " + filtered.map { "g.\($0) = p.\($0)" }.joined(separator: " AND ")
    }

    /// The indexes of the people's table: each sort's fields, and each filter's field followed
    /// by each sort's, once each.
    static var indexes: [[String]] {
        var indexes: [[String]] = []
        for sort in ListSort.allCases {
            let fields = sort.fields.map(\.rawValue)
            for lead in [[]] + filtered.map({ [$0] }) {
                let columns = lead + fields.filter { !lead.contains($0) }
                if !indexes.contains(columns) { indexes.append(columns) }
            }
        }
        return indexes
    }

    /// Drops the list's tables and every index on the people, and makes the declared ones again
    /// from the people.
    static func make(_ db: Database) throws {
        for index in try madeIndexes(db) { try db.drop(index: index) }
        db.add(function: searchableFunction)
        try db.execute(sql: "DROP TABLE IF EXISTS \(search)")
        try db.execute(sql: "DROP TABLE IF EXISTS \(counts)")

        try makeIndexes(db)
        try db.create(table: counts) { table in
            table.primaryKey("id", .integer)
            for column in filtered { table.column(column, .text).notNull() }
            table.column("count", .integer).notNull()
            table.uniqueKey(filtered)
        }
        try count(peopleWhere: "true", db)
        try db.create(virtualTable: search, using: FTS5()) { table in
            table.tokenizer = tokenizer
            table.content = ""
            // A start of up to 8 characters is one list to seek in; a longer one is looked for
            // word by word (BENCHMARKS.md).
            table.prefixes = Set(1...8)
            // Which people a word is in, not where: searches are words' starts, never phrases.
            table.detail = "none"
            // Nothing is ranked, so no sizes are kept.
            table.columnSize = 0
            for column in searched { table.column(column) }
        }
        try entries(peopleWhere: "true", db)
    }

    /// Makes the list's indexes that are missing: all of them after ``make(_:)`` or
    /// ``dropIndexes(_:)`` dropped them, none otherwise. Each carries the rest of a list row after
    /// its keys, so that a page is read from the index alone, not from a hundred places in the
    /// table (BENCHMARKS.md).
    static func makeIndexes(_ db: Database) throws {
        let present = Set(try madeIndexes(db))
        for keys in indexes where !present.contains(indexName(keys)) {
            try db.create(
                index: indexName(keys), on: "person", columns: keys + Person.Meta.columns.filter { !keys.contains($0) })
        }
    }

    /// The indexes made on the people, by name: on columns or on expressions (which GRDB's
    /// `indexes(on:)` leaves out), not the ones SQLite makes for a key.
    static func madeIndexes(_ db: Database) throws -> [String] {
        try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL
                ORDER BY name
                """,
            arguments: [PersonRecord.databaseTableName])
    }

    /// The names of the declared indexes.
    static var indexNames: [String] { indexes.map(indexName).sorted() }

    /// The name of the index on `keys`.
    private static func indexName(_ keys: [String]) -> String { "person_by_" + keys.joined(separator: "_") }

    /// Drops the list's indexes, for a large store into an empty table to make them after its
    /// rows (``makeIndexes(_:)``): SQLite then sorts the rows once for each index, where an index
    /// kept in step takes each row at its place in turn (BENCHMARKS.md). Until they are made, a
    /// list is read by scanning the people; a file opened without them gets them made again.
    static func dropIndexes(_ db: Database) throws {
        for keys in indexes { try db.drop(index: indexName(keys)) }
    }

    /// The fewest people a store into an empty table expects for its indexes to be made after it
    /// (``dropIndexes(_:)``): a first sync, an import.
    static let largeStore = 10_000

    /// The most b-trees the search keeps after a save: beyond them, the save merges some or all.
    static let mostBTrees = 4

    /// The most pages of entries a small save's merge writes.
    static let mergeBudget = 100

    /// Merges the search table's b-trees at the end of a save's transaction, when it has more
    /// than ``mostBTrees``.
    /// Each transaction that writes entries adds a b-tree or more, which FTS5 merges only in
    /// part as it goes, and a search seeks into every b-tree once per range of its filters:
    /// after a sync of 20 pages, a search within a gender took twice as long (BENCHMARKS.md).
    ///
    /// After a large save (the last page of a sync of several pages) all of them become one
    /// (FTS5's `optimize`), which writes the whole table again: about a second at a million
    /// people, once a sync ends, never after each page. After a small save (a re-sync of one
    /// page, people stored by hand) only some are merged: FTS5's incremental `merge` writes at
    /// most ``mergeBudget`` pages, merging b-trees of a like size two or more at a time
    /// (`usermerge` 2), so the small b-trees that small saves add are merged with each other.
    /// `optimize` there rewrote the whole table every few saves (about 125 ms at 100,000
    /// people) while the lists the save changed were being read and sent, and made their
    /// pages wait (BENCHMARKS.md). A save that leaves more b-trees than the incremental merge
    /// takes in (more than twice ``mostBTrees``: many people stored in one call) merges all.
    static func merge(_ db: Database, afterLargeSave isLarge: Bool) throws {
        guard try bTrees(db) > mostBTrees else { return }
        if !isLarge {
            try db.execute(sql: "INSERT INTO \(search) (\(search), rank) VALUES ('usermerge', 2)")
            try db.execute(sql: "INSERT INTO \(search) (\(search), rank) VALUES ('merge', ?)", arguments: [mergeBudget])
            guard try bTrees(db) > 2 * mostBTrees else { return }
        }
        try db.execute(sql: "INSERT INTO \(search) (\(search)) VALUES ('optimize')")
    }

    /// How many b-trees the search has: its distinct segments, one index seek each.
    static func bTrees(_ db: Database) throws -> Int {
        try Int.fetchOne(
            db,
            sql: """
                WITH RECURSIVE tree(id) AS (
                    SELECT min(segid) FROM \(search)_idx
                    UNION ALL
                    SELECT (SELECT min(segid) FROM \(search)_idx WHERE segid > tree.id) FROM tree WHERE tree.id IS NOT NULL
                )
                SELECT count(id) FROM tree
                """) ?? 0
    }

    /// Runs `change` of the people with `ids` (written, or deleted), their search entries and
    /// counts taken out before it and put back after it.
    static func keepInStep(_ ids: [String], _ db: Database, _ change: () throws -> Void) throws {
        let array = String(decoding: try JSONEncoder().encode(ids), as: UTF8.self)
        try remove(array, db)
        try change()
        try add(array, db)
    }

    /// Takes the people with these ids (a JSON array) out of the search and the counts: before
    /// they are written again.
    private static func remove(_ ids: String, _ db: Database) throws {
        // A sync's new people are in neither table yet: one look instead of two.
        let isStored = try Bool.fetchOne(
            db.cachedStatement(
                sql: "SELECT EXISTS (SELECT 1 FROM person WHERE id IN (SELECT value FROM json_each(?)))"),
            arguments: [ids])
        if isStored == true { try change(ids, by: -1, db) }
    }

    /// Puts the people with these ids (a JSON array) into the search and the counts: after they
    /// are written.
    private static func add(_ ids: String, _ db: Database) throws {
        try change(ids, by: 1, db)
    }

    private static func change(_ ids: String, by sign: Int, _ db: Database) throws {
        let people = "p.id IN (SELECT value FROM json_each(?))"
        db.add(function: searchableFunction)
        // A person's group is made before its entry, and kept after its last person goes.
        if sign > 0 { try count(peopleWhere: people, arguments: [ids], db) }
        try entries(peopleWhere: people, removing: sign < 0, arguments: [ids], db)
        if sign < 0 { try count(peopleWhere: people, sign: -1, arguments: [ids], db) }
    }

    /// Adds the search entries of the people `p` that `condition` selects, or removes them (a
    /// contentless table is told the entry's words to remove them), in the order of their
    /// rowids: FTS5 writes what it holds as a new b-tree whenever a rowid is lower than the one
    /// before, so entries in stored order (their groups mixed) made a b-tree every few people
    /// and more than doubled what a sync's page cost (BENCHMARKS.md).
    private static func entries(
        peopleWhere condition: String, removing: Bool = false, arguments: StatementArguments = [], _ db: Database
    ) throws {
        let columns = searched.joined(separator: ", ")
        let (command, value) = removing ? ("\(search), ", "'delete', ") : ("", "")
        try db.cachedStatement(
            sql: """
                INSERT INTO \(search) (\(command)rowid, \(columns))
                SELECT \(value)\(rowid), \(searched.map { "pure_searchable(p.\($0))" }.joined(separator: ", "))
                FROM person p \(group)
                WHERE \(condition)
                ORDER BY \(rowid)
                """
        ).execute(arguments: arguments)
    }

    /// Adds the people `p` that `condition` selects to the counts, or takes them out (`sign`
    /// -1). A new group is numbered in the order its first person was stored.
    private static func count(
        peopleWhere condition: String, sign: Int = 1, arguments: StatementArguments = [], _ db: Database
    ) throws {
        let fields = filtered.joined(separator: ", ")
        try db.cachedStatement(
            sql: """
                INSERT INTO \(counts) (\(fields), count)
                SELECT \(filtered.map { "p." + $0 }.joined(separator: ", ")), \(sign) * count(*) FROM person p
                WHERE \(condition) GROUP BY \(fields) ORDER BY min(p.seq)
                ON CONFLICT (\(fields)) DO UPDATE SET count = count + excluded.count
                """
        ).execute(arguments: arguments)
    }
}
