import BenchmarkSupport
import Foundation
import GRDB
import Persons
import PersonsGear
import PersonsVessel
import PersonsWorker
import RandomUserFixtures

/// Syncing N people end to end through the directory's pages (5,000 people each, as
/// randomuser.me allows), against what bounds it, three runs each (medians): storing the same
/// pages from memory (the sync's own floor), and inserting the people alone.
struct SyncBenchmark {
    let count: Int
    let runs = 3

    /// End to end within this many times storing the same pages from memory.
    static let endToEndLimit = 1.3
    /// Storing everything a sync stores within this many times inserting the people alone.
    static let storeLimit = 1.5

    func run() async throws -> (table: String, targets: Targets) {
        try await RandomUserServer().withRunning { base in
            // A seed in the address: every run asks for the same people, which the server makes
            // once and keeps.
            let address = base.absoluteString + "?seed=7"
            guard let apiURL = URL(string: address) else { throw URLError(.badURL) }
            let pageSize = min(count, RandomUserAccess.largestPage)
            let plan = SyncPlan(source: address, count: count, seed: "7", pageSize: pageSize)
            let pages = (1...plan.pages).map { number in
                RandomUserPage(number: number, results: pageSize, seed: "7", keep: plan.people(onPage: number))
            }
            let urls = pages.map { RandomUserAccess.url(base: apiURL, page: $0) }
            let transport = AsyncHTTPTransport()
            // The server makes its answers once; this also warms the connection path.
            var bodies: [Data] = []
            for url in urls { bodies.append(try await transport.get(url, timeout: .seconds(300)).body) }

            var downloads: [Double] = []
            var decodes: [Double] = []
            for _ in 0..<runs {
                downloads.append(
                    try await seconds {
                        for url in urls { _ = try await transport.get(url, timeout: .seconds(300)) }
                    }.1)
                decodes.append(try await seconds { for body in bodies { _ = try RandomUserAccess.decode(body) } }.1)
            }

            let web = try PersonWebWorker(address: address, timeout: .seconds(300))
            var pagesOfPeople: [[Person]] = []
            for page in 1...plan.pages {
                pagesOfPeople.append(try await web.downloadPage(page, of: plan) { _ in }.collected())
            }
            let people = pagesOfPeople.flatMap { $0 }
            let schema = try await Self.schema()
            var inserts: [Double] = []
            var stores: [Double] = []
            for _ in 0..<runs {
                inserts.append(try await Self.rawInsert(people, schema: schema))
                stores.append(try await Self.storePages(pagesOfPeople, of: plan))
            }

            // The photos, once: a first sync keeps every one of them. The runs measured below
            // start with them kept, so that they time the pages alone.
            let kept = ScratchFolder()
            let (first, withPhotos) = try await seconds {
                try await Self.vessel(in: kept, address).syncPersonsAction(count)
            }
            precondition(first.inserted == count && first.photosMissing == 0, "first sync: \(first.message)")

            var ends: [Double] = []
            var processor: [Double] = []
            for _ in 0..<runs {
                let folder = ScratchFolder()
                try FileManager.default.copyItem(atPath: kept.path("photos"), toPath: folder.path("photos"))
                let vessel = try await Self.vessel(in: folder, address)
                let before = processCPUSeconds()
                let (report, elapsed) = try await seconds { try await vessel.syncPersonsAction(count) }
                processor.append(processCPUSeconds() - before)
                precondition(report.inserted == count, "synced \(report.message), expected \(count) new people")
                ends.append(elapsed)
            }

            let cores = ProcessInfo.processInfo.activeProcessorCount
            let (end, store, insert) = (median(ends), median(stores), median(inserts))
            let table = """
                ## Sync \(count) people from the test server into a fresh database

                \(people.count) people in \(plan.pages) pages of \(pageSize), \(bodies.reduce(0) { $0 + $1.count } / 1_000_000) MB of JSON;
                medians of \(runs) runs, seconds.

                | stage | seconds |
                |---|---:|
                | download alone (AsyncHTTPClient, 127.0.0.1, the pages one after another) | \(format(median(downloads))) |
                | decoding the same bytes alone (same decoder) | \(format(median(decodes))) |
                | inserting the people alone (one transaction, one cached statement, the people's table) | \(format(insert)) |
                | storing the same pages from memory, as the sync stores them (each in its transaction, with its plan) | \(format(store)) |
                | end to end (Vessel: pages downloaded, decoded, mapped and stored, each in its transaction) | \(format(end)) |
                | end to end / the slower of decoding and inserting alone | \(format(end / max(median(decodes), insert))) |
                | processor time of the end to end, every thread of the process (test server included) | \(format(median(processor))) |
                | the least an end to end could take with that work spread on this machine's \(cores) cores | \(format(median(processor) / Double(cores))) |
                | the first sync, also downloading and keeping its \(first.photosKept) photos (one run) | \(format(withPhotos)) |

                """
            var targets = Targets()
            targets.atMost(
                "sync of \(count): end to end / storing the same pages from memory", end / store, Self.endToEndLimit,
                unit: "x", orEqual: true)
            targets.atMost(
                "sync of \(count): storing its pages from memory / inserting the people alone", store / insert,
                Self.storeLimit, unit: "x", orEqual: true)
            return (table, targets)
        }
    }

    /// A vessel syncing from `address` into a fresh database in `folder`.
    static func vessel(in folder: ScratchFolder, _ address: String) async throws -> Vessel {
        try await Vessel.open(
            VesselConfiguration(
                databasePath: folder.path("sync.sqlite"), apiAddress: address, timeout: .seconds(300), attempts: 1))
    }

    /// Seconds for the database worker to store `pages` into a fresh database from memory, as a
    /// sync of `plan` stores them: each in its own transaction, with the plan's progress.
    static func storePages(_ pages: [[Person]], of plan: SyncPlan) async throws -> Double {
        let folder = ScratchFolder()
        let worker = try PersonDBWorker(path: folder.path("pages.sqlite"))
        return try await seconds {
            var progress = plan
            for people in pages {
                progress.pagesStored += 1
                let report = try await worker.savePersons(
                    PersonBatches(people), expected: people.count, recording: progress, progress: { _ in })
                precondition(report.inserted == people.count, "stored \(report.message)")
            }
        }.1
    }

    /// The people table and its indexes, exactly as the worker creates them, the table first; not
    /// its triggers, which name tables (the address book's) that inserting the people alone
    /// does not have.
    static func schema() async throws -> [String] {
        let folder = ScratchFolder()
        _ = try PersonDBWorker(path: folder.path("schema.sqlite"))
        let queue = try DatabaseQueue(path: folder.path("schema.sqlite"))
        return try await queue.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT sql FROM sqlite_master
                    WHERE tbl_name = 'person' AND type IN ('table', 'index') AND sql IS NOT NULL
                    ORDER BY type = 'index'
                    """)
        }
    }

    /// Seconds to insert `people` into a fresh table of that schema: one transaction, one
    /// cached statement, nothing else.
    static func rawInsert(_ people: [Person], schema: [String]) async throws -> Double {
        let folder = ScratchFolder()
        let pool = try DatabasePool(path: folder.path("raw.sqlite"))
        try await pool.write { db in
            for statement in schema { try db.execute(sql: statement) }
        }
        return try await seconds {
            try await pool.write { db in
                let insert = try db.cachedStatement(
                    sql:
                        "INSERT INTO person (id, name, username, gender, email, age, country, cellphone, photo) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                )
                for person in people {
                    try insert.execute(arguments: [
                        person.id, person.name, person.username, person.gender.rawValue, person.email, person.age,
                        person.country, person.cellphone, person.photo,
                    ])
                }
            }
        }.1
    }
}
