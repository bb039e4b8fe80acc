import GRDB

/// How many people the `person` table holds, counted from the table itself: while a sync puts
/// the page index off (see ``DeferredIndexes``), its per-region counts are those from before.
enum PersonCount {
    static func rows(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM person") ?? 0
    }
}
