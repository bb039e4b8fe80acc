import BenchmarkSupport
import Foundation
import GRDB
import Persons
import PersonsGear
import PersonsVessel
import PersonsWorker
import RandomUserFixtures

/// Syncing N people end to end, against its two raw limits, three runs each (medians).
struct SyncBenchmark {
    let count: Int
    let runs = 3

    struct Report {
        let table: String
        let isMet: Bool
    }

    func run() async throws -> Report {
        try await RandomUserServer().withRunning { base in
            let address = base.absoluteString + "?seed=7"
            guard let apiURL = URL(string: address) else { throw URLError(.badURL) }
            let url = RandomUserAccess.url(base: apiURL, count: count)
            let transport = URLSessionTransport()
            // The server makes its answer once; this also warms the connection path.
            let body = try await transport.get(url, timeout: .seconds(300)).body

            var downloads: [Double] = []
            var decodes: [Double] = []
            for _ in 0..<runs {
                downloads.append(try await seconds { try await transport.get(url, timeout: .seconds(300)) }.1)
                decodes.append(try await seconds { try RandomUserAccess.decode(body) }.1)
            }

            let people = try await PersonWebWorker(address: address, timeout: .seconds(300)).fetchPersons(count: count)
            let schema = try await Self.schema()
            var inserts: [Double] = []
            for _ in 0..<runs {
                inserts.append(try await Self.rawInsert(people, schema: schema))
            }

            var ends: [Double] = []
            for _ in 0..<runs {
                let folder = ScratchFolder()
                let vessel = try await Vessel.open(
                    VesselConfiguration(
                        databasePath: folder.path("sync.sqlite"), apiAddress: address, timeout: .seconds(300),
                        attempts: 1))
                let (report, elapsed) = try await seconds { try await vessel.syncPersonsAction(count) }
                precondition(report.inserted == count, "synced \(report.message), expected \(count) new people")
                ends.append(elapsed)
            }

            let slowerRaw = max(median(decodes), median(inserts))
            let ratio = median(ends) / slowerRaw
            let table = """
                ## Sync \(count) people from the test server into a fresh database

                \(people.count) people, \(body.count / 1_000_000) MB of JSON; medians of \(runs) runs, seconds.

                | stage | seconds |
                |---|---:|
                | download alone (URLSession, 127.0.0.1) | \(format(median(downloads))) |
                | decoding the same bytes alone (same decoder) | \(format(median(decodes))) |
                | batched GRDB insert of the same rows alone | \(format(median(inserts))) |
                | end to end (Vessel: download, decode, map, upsert, page index) | \(format(median(ends))) |
                | end to end / slower raw stage | \(format(ratio)) (target <= 2.00) |

                """
            return Report(table: table, isMet: ratio <= 2)
        }
    }

    /// The people table's DDL, exactly as the worker creates it.
    static func schema() async throws -> [String] {
        let folder = ScratchFolder()
        _ = try PersonDBWorker(path: folder.path("schema.sqlite"))
        let queue = try DatabaseQueue(path: folder.path("schema.sqlite"))
        return try await queue.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT sql FROM sqlite_master WHERE tbl_name = 'person' AND sql IS NOT NULL ORDER BY type DESC")
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
