import GRDB
import Persons

/// A sync of many pages into a database that holds fewer people than it brings puts off the
/// work that makes the people findable: its pages write the people alone, each in its own
/// transaction, and the last one makes everything at once, which SQLite does far faster than
/// row by row (a sort each): every person's search entries, the secondary indexes, the page
/// index. Meanwhile the list and the search show what was there before the sync.
///
/// The indexes' definitions are kept in the database (`dropped_index`), in the transaction that
/// drops them: a sync that is killed leaves them there, and the next opening of the file makes
/// them again (``catchUp(_:)``), so no file is left without them.
enum DeferredIndexes {
    /// Whether a sync has put the indexes off.
    static func arePutOff(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM dropped_index)") ?? false
    }

    /// Whether this page of `plan` (stored as `plan.pagesStored`) writes the people alone: a
    /// sync put the indexes off already, or this one does it now, with pages still to come that
    /// bring more people than the database holds.
    static func putOff(for plan: SyncPlan, _ db: Database) throws -> Bool {
        if try arePutOff(db) { return true }
        let coming = plan.count - (plan.pagesStored - 1) * plan.pageSize
        guard !plan.isDone, try coming > PersonCount.rows(db) else { return false }
        for definition in try SecondaryIndexes.drop(db).definitions {
            try db.execute(sql: "INSERT INTO dropped_index (sql) VALUES (?)", arguments: [definition])
        }
        return true
    }

    /// Makes what the pages put off: the search entries of every person, the secondary
    /// indexes, the page index.
    static func catchUp(_ db: Database) throws {
        try SearchIndex.rebuild(db)
        let definitions = try String.fetchAll(db, sql: "SELECT sql FROM dropped_index")
        try SecondaryIndexes(definitions: definitions).create(db)
        try db.execute(sql: "DELETE FROM dropped_index")
        try PageIndex.rebuild(db)
    }
}
