import GRDB

/// The secondary indexes of the people's tables, as SQLite keeps their definitions: dropped
/// before a bulk write and made again after it, because SQLite builds an index at once (one
/// sort) far faster than it grows one row at a time, at random places.
struct SecondaryIndexes {
    /// How SQLite defines each of them.
    let definitions: [String]

    /// Drops every secondary index of `person` and `person_word`, remembering how to make it.
    static func drop(_ db: Database) throws -> SecondaryIndexes {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT name, sql FROM sqlite_master
                WHERE type = 'index' AND tbl_name IN ('person', 'person_word') AND sql IS NOT NULL
                """)
        for row in rows {
            try db.drop(index: row["name"])
        }
        return SecondaryIndexes(definitions: rows.map { $0["sql"] })
    }

    /// Makes the indexes again, from the people as they are now.
    func create(_ db: Database) throws {
        for definition in definitions {
            try db.execute(sql: definition)
        }
    }
}
