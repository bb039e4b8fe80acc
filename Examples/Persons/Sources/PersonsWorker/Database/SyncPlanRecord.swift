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

    /// The plan, if a sync could have written it (see ``Persons/SyncPlan/init(stored:count:seed:pageSize:pagesStored:)``).
    var plan: SyncPlan? {
        SyncPlan(stored: source, count: count, seed: seed, pageSize: pageSize, pagesStored: pagesStored)
    }

    /// The newest sync's record, if a sync ever stored a page.
    static func newest(_ db: Database) throws -> SyncPlanRecord? {
        try fetchOne(db, key: 1)
    }

    /// Makes `plan` the newest sync's.
    static func save(_ plan: SyncPlan, _ db: Database) throws {
        try SyncPlanRecord(plan).upsert(db)
    }
}
