import BenchmarkSupport
import Foundation
import Persons
import PersonsWorker
import RandomUserFixtures

/// Reading with a million people stored: pages, searches, a region's pages and searches, and
/// pages in the middle of the list, each with its count, through the path the app uses.
struct ReadBenchmark {
    let count: Int
    let queries: Int

    /// Storing a million people takes no longer than it did before the data layer changed:
    /// 31.5, 33.5 and 33.5 s in three runs of the same storing code on 2026-11-25, and 5% more
    /// for this machine's spread between runs (BENCHMARKS.md).
    static let storeLimit = 35.0

    func run() async throws -> (table: String, targets: Targets) {
        let folder = ScratchFolder()
        let db = try PersonDBWorker(path: folder.path("million.sqlite"))
        let people = PeopleMaker().make(count, seed: 11)
        var random = SplitMix64(seed: 12)
        let (_, stored) = try await seconds { try await db.savePersons(people) { _ in } }
        let regions = Dictionary(grouping: people, by: \.country).mapValues(\.count)
        let pages = max(1, count / PageRequest.size)

        /// The start of a random person's first name, last name or username: 1 to 4 letters.
        func randomSearch() -> String {
            let person = people[Int.random(in: 0..<people.count, using: &random)]
            let words = person.name.split(separator: " ").map(String.init) + [person.username]
            return String((words.randomElement(using: &random) ?? "").prefix(Int.random(in: 1...4, using: &random)))
        }

        let kinds = [
            "a page of 100 (random page, either order)",
            "a search (1-4 letters of a first name, last name or username)",
            "a region's page (random region and page)", "a search within a region", "a page in the middle of the list",
        ]
        var times = Array(repeating: [Double](), count: kinds.count)
        var hops: [Double] = []
        var checksum = 0
        for _ in 0..<queries {
            hops.append(try await seconds { try await db.countPersons() }.1)
            let (code, size) = regions.randomElement(using: &random) ?? ("ZZ", 1)
            let requests = [
                PageRequest(page: Int.random(in: 0..<pages, using: &random), isRegion: Bool.random(using: &random)),
                PageRequest(search: randomSearch(), isRegion: Bool.random(using: &random)),
                PageRequest(
                    region: code, page: Int.random(in: 0..<max(1, size / PageRequest.size), using: &random),
                    isRegion: true),
                PageRequest(search: randomSearch(), region: code, isRegion: true),
                PageRequest(page: pages / 2, isRegion: Bool.random(using: &random)),
            ]
            for (kind, request) in requests.enumerated() {
                let (page, time) = try await seconds { try await db.readMetas(request) }
                times[kind].append(time)
                checksum &+= page.metas.count + page.total
            }
        }
        precondition(checksum > 0, "the queries returned nothing")

        var table = """
            ## Reading with \(count) people stored

            Stored in \(format(stored, 1)) s (one transaction). \(queries) queries of each kind, through \
            `PersonDBWorker.readMetas` (each page read with its count), milliseconds.

            | query | p50 | p99 | max |
            |---|---:|---:|---:|

            """
        let control = "control: counting people, the async hop to a reader and back"
        for (name, measured) in [(control, hops)] + zip(kinds, times) {
            table +=
                "| \(name) | \(format(median(measured) * 1_000)) | \(format(percentile(measured, 0.99) * 1_000)) | \(format((measured.max() ?? 0) * 1_000)) |\n"
        }
        var targets = Targets()
        let limits = [1.0, 3, 1, 3, 5]
        for (kind, limit) in limits.enumerated() {
            targets.atMost("\(kinds[kind]), p99", percentile(times[kind], 0.99) * 1_000, limit, unit: "ms")
        }
        if count == 1_000_000 {
            targets.atMost("storing \(count) people", stored, Self.storeLimit, unit: "s", orEqual: true, digits: 1)
        }
        return (table, targets)
    }
}
