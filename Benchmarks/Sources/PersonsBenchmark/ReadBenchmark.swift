import BenchmarkSupport
import Foundation
import GRDB
import NIOConcurrencyHelpers
import Persons
import PersonsWorker
import RandomUserFixtures

/// Reading with a million people stored: pages, searches, a region's and a gender's pages and
/// searches, and pages in the middle of the list, each with its count, through the path the app
/// uses; beside each, its floor: the same SQL statements stepped through SQLite's C API on the
/// same file (``SQLiteFloor``). And storing the million, beside the same rows inserted through
/// the C API into the same schema, the same indexes made after them, in one transaction.
struct ReadBenchmark {
    let count: Int
    let queries: Int

    /// A read's p50 and p99 against its floor's: at most this many times.
    static let p50Ratio = 1.5
    static let p99Ratio = 2.0
    /// Storing against the C API's insert of the same rows: at most this many times.
    static let storeRatio = 1.25

    func run() async throws -> (table: String, targets: Targets) {
        let folder = ScratchFolder()
        let db = try PersonDBWorker(path: folder.path("million.sqlite"))
        let people = PeopleMaker().make(count, seed: 11)
        var random = SplitMix64(seed: 12)
        let (_, stored) = try await seconds { try await db.savePersons(people) { _ in } }
        let storeFloor = try await Self.storedThroughTheCAPI(
            people, schemaLike: folder.path("million.sqlite"), in: folder)
        // The SQL each read runs, as a second worker on the same file runs it: traced.
        let traced = NIOLockedValueBox<[String]>([])
        var configuration = Configuration()
        configuration.readonly = true
        configuration.prepareDatabase { db in
            db.trace(options: .statement) { event in
                // The read's own statements: its transaction (one snapshot for the page and its
                // count) and its SELECTs; not GRDB's check of the schema, nor FTS5's inner ones.
                guard case .statement(let statement) = event,
                    ["SELECT", "BEGIN", "COMMIT"].contains(where: statement.sql.hasPrefix)
                else { return }
                traced.withLockedValue { $0.append(statement.expandedSQL) }
            }
        }
        let tracer = try PersonDBWorker(
            database: try DatabasePool(path: folder.path("million.sqlite"), configuration: configuration))
        let floor = try SQLiteFloor(path: folder.path("million.sqlite"), readOnly: true)
        let regions = Array(Set(people.map(\.country)))
        let genders = ListFilter.gender.choices ?? []
        // The middle of the list in each sort: where a page deep in it starts.
        let middles = ListSort.allCases.map { sort in
            (sort, sort.key(of: people.map(\.meta).sorted(by: sort.precedes)[people.count / 2]))
        }

        /// The start of a random person's first name, last name or username: 1 to 8 characters.
        func randomSearch() -> String {
            let person = people[Int.random(in: 0..<people.count, using: &random)]
            let words = person.name.split(separator: " ").map(String.init) + [person.username]
            return String((words.randomElement(using: &random) ?? "").prefix(Int.random(in: 1...8, using: &random)))
        }

        /// A page after a random person, in a random sort, under `filters`.
        func randomPage(_ filters: [ListFilter: String] = [:]) -> PageRequest {
            let sort = ListSort.allCases.randomElement(using: &random) ?? ListSort(order: .name, isRegion: false)
            let person = people[Int.random(in: 0..<people.count, using: &random)]
            return PageRequest(
                filters: filters, order: sort.order, position: .after(sort.key(of: person.meta)),
                isRegion: sort.isRegion)
        }

        let kinds = [
            "a page of 100 (after a random person, any sort)",
            "a search (1-8 characters of a first name, last name or username)",
            "a region's page (random region, after a random person)", "a search within a region",
            "a gender's page (random gender, after a random person)", "a search within a gender",
            "a page in the middle of the list",
        ]
        var times = Array(repeating: [Double](), count: kinds.count)
        var floors = Array(repeating: [Double](), count: kinds.count)
        var hops: [Double] = []
        var checksum = 0
        for _ in 0..<queries {
            hops.append(try await seconds { try await db.countPersons() }.1)
            let region = regions.randomElement(using: &random) ?? "ZZ"
            let gender = genders.randomElement(using: &random) ?? "female"
            let (sort, middle) = middles.randomElement(using: &random) ?? middles[0]
            let requests = [
                randomPage(),
                PageRequest(search: randomSearch(), isRegion: Bool.random(using: &random)),
                randomPage([.region: region]),
                PageRequest(search: randomSearch(), filters: [.region: region], isRegion: true),
                randomPage([.gender: gender]),
                PageRequest(search: randomSearch(), filters: [.gender: gender], isRegion: Bool.random(using: &random)),
                PageRequest(order: sort.order, position: .after(middle), isRegion: sort.isRegion),
            ]
            for (kind, request) in requests.enumerated() {
                // The statements first, traced: the file's pages this read needs are then in
                // memory for both, and neither is timed first each time (they take turns).
                traced.withLockedValue { $0 = [] }
                _ = try await tracer.readMetas(request)
                let statements = try traced.withLockedValue { $0 }.map(floor.prepare)
                defer { floor.finalize(statements) }
                if (kind + times[kind].count) % 2 == 0 { floors[kind].append(try floor.time(statements)) }
                let (page, time) = try await seconds { try await db.readMetas(request) }
                times[kind].append(time)
                checksum &+= page.metas.count + page.total
                if floors[kind].count < times[kind].count { floors[kind].append(try floor.time(statements)) }
            }
        }
        precondition(checksum > 0 && floor.touched > 0, "the queries returned nothing")

        var table = """
            ## Reading with \(count) people stored

            Stored in \(format(stored, 1)) s (one transaction); the floor, the same rows inserted through
            SQLite's C API into the same schema, the same indexes made after them, the search and the
            counts filled by one statement each, in one transaction: \(format(storeFloor, 1)) s
            (\(format(stored / storeFloor)) x). \(queries) queries of each kind, through
            `PersonDBWorker.readMetas` (each page read with its count), milliseconds; beside each, its floor:
            the same SQL statements, as a second worker on the file ran them (traced: the read's transaction
            and its SELECTs), prepared beforehand and stepped through SQLite's C API on the same file, every
            column of every row read.

            | query | p50 | p99 | max | floor p50 | floor p99 | p50 / floor | p99 / floor |
            |---|---:|---:|---:|---:|---:|---:|---:|

            """
        let control = "control: counting people, what every read pays besides its SQL"
        table +=
            "| \(control) | \(format(median(hops) * 1_000)) | \(format(percentile(hops, 0.99) * 1_000)) | \(format((hops.max() ?? 0) * 1_000)) | | | | |\n"
        var targets = Targets()
        for (kind, name) in kinds.enumerated() {
            let (p50, p99) = (median(times[kind]), percentile(times[kind], 0.99))
            let (floor50, floor99) = (median(floors[kind]), percentile(floors[kind], 0.99))
            table +=
                "| \(name) | \(format(p50 * 1_000)) | \(format(p99 * 1_000)) | \(format((times[kind].max() ?? 0) * 1_000)) | \(format(floor50 * 1_000, 3)) | \(format(floor99 * 1_000, 3)) | \(format(p50 / floor50)) | \(format(p99 / floor99)) |\n"
            targets.atMost(
                "\(name), p50 against the C API's", p50 / floor50, Self.p50Ratio, unit: "x", orEqual: true)
            targets.atMost(
                "\(name), p99 against the C API's", p99 / floor99, Self.p99Ratio, unit: "x", orEqual: true)
        }
        targets.atMost(
            "storing \(count) people, against the C API's insert of the same rows", stored / storeFloor,
            Self.storeRatio,
            unit: "x", orEqual: true)
        return (table, targets)
    }

    /// Seconds the C API takes to store `people` in a new file of the same schema as the file at
    /// `path` (made by the app, empty): in one transaction, the list's indexes dropped, each row
    /// inserted by one prepared statement, the indexes made again, and the search and the counts
    /// filled by one statement each from the rows, as the app's tables hold them.
    static func storedThroughTheCAPI(
        _ people: [Person], schemaLike path: String, in folder: ScratchFolder
    ) async throws -> Double {
        let file = folder.path("floor.sqlite")
        // The schema: the app's own, as a new file gets it.
        _ = try PersonDBWorker(path: file)
        let floor = try SQLiteFloor(path: file, readOnly: false)
        let indexes = try floor.strings(
            "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'person' AND name LIKE 'person_by_%'")
        let names = try floor.strings(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'person' AND name LIKE 'person_by_%'")
        let columns = ["id"] + PersonField.allCases.map(\.rawValue) + ["photo"]
        let insert =
            "INSERT INTO person (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
        let rows = people.lazy.map { person -> [SQLiteFloor.Value] in
            [.text(person.id)]
                + PersonField.allCases.map { field -> SQLiteFloor.Value in
                    let text = field.text(of: person)
                    if field == .age { return person.age.map { .integer($0) } ?? .text("") }
                    return text.isEmpty && field == .cellphone ? .null : .text(text)
                } + [person.photo.map { .text($0) } ?? .null]
        }
        let filters = ListFilter.allCases.map(\.field).joined(separator: ", ")
        let (_, elapsed) = try await seconds {
            try floor.execute("BEGIN")
            for name in names { try floor.execute("DROP INDEX \(name)") }
            try floor.insert(insert, rows: rows)
            for sql in indexes { try floor.execute(sql) }
            try floor.execute(
                """
                INSERT INTO person_count (\(filters), count) SELECT \(filters), count(*) FROM person GROUP BY \(filters);
                INSERT INTO person_search (rowid, name, username)
                SELECT (g.id << 32) | p.seq, p.name, p.username FROM person p
                JOIN person_count g ON \(ListFilter.allCases.map { "g.\($0.field) = p.\($0.field)" }.joined(separator: " AND "))
                ORDER BY 1;
                INSERT INTO person_search (person_search) VALUES ('optimize');
                COMMIT
                """)
        }
        return elapsed
    }
}
