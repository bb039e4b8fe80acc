import GRDB
import Persons

/// The one row of the `sync_plan` table: the newest sync, and how many of its pages are
/// stored. Mapped to and from the model here and nowhere else.
struct SyncPlanRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "sync_plan"

    /// The table holds one row, with this id.
    var id = 1
    var source: String
    var count: Int
    var seed: String
    var pageSize: Int
    var pagesStored: Int

    init(_ plan: SyncPlan) {
        source = plan.source
        count = plan.count
        seed = plan.seed
        pageSize = plan.pageSize
        pagesStored = plan.pagesStored
    }

    /// The plan; the model's initializer brings values from an odd file back into range.
    var plan: SyncPlan {
        SyncPlan(source: source, count: count, seed: seed, pageSize: pageSize, pagesStored: pagesStored)
    }

    /// The newest sync's plan, if a sync ever stored a page.
    static func newest(_ db: Database) throws -> SyncPlan? {
        try fetchOne(db, key: 1)?.plan
    }

    /// Makes `plan` the newest sync's.
    static func save(_ plan: SyncPlan, _ db: Database) throws {
        try SyncPlanRecord(plan).upsert(db)
    }
}
