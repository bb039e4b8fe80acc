import BenchmarkSupport
import Foundation
import Persons
import PersonsWorker
import RandomUserFixtures

/// Reading pages, searches and region pages with a million people stored.
struct ReadBenchmark {
    let count: Int
    let queries: Int

    struct Report {
        let table: String
        let isMet: Bool
    }

    func run() async throws -> Report {
        let folder = ScratchFolder()
        let db = try PersonDBWorker(path: folder.path("million.sqlite"))
        let people = PeopleMaker().make(count, seed: 11)
        var random = SplitMix64(seed: 12)
        let (_, stored) = try await seconds { try await db.savePersons(people) { _ in } }
        let regions = Dictionary(grouping: people, by: \.country).mapValues(\.count)

        var hops: [Double] = []
        var pages: [Double] = []
        var searches: [Double] = []
        var regionPages: [Double] = []
        var checksum = 0
        for _ in 0..<queries {
            hops.append(try await seconds { try await db.countPersons() }.1)
            let page = PageRequest(
                page: Int.random(in: 0..<max(1, count / 100), using: &random), isRegion: Bool.random(using: &random))
            let (pageResult, pageTime) = try await seconds { try await db.readMetas(page) }
            pages.append(pageTime)

            // The start of a random person's first name, last name or username.
            let person = people[Int.random(in: 0..<people.count, using: &random)]
            let word =
                (person.name.split(separator: " ").map(String.init) + [person.username]).randomElement(
                    using: &random) ?? ""
            let search = PageRequest(
                search: String(word.prefix(Int.random(in: 1...4, using: &random))), isRegion: true)
            let (searchResult, searchTime) = try await seconds { try await db.readMetas(search) }
            searches.append(searchTime)

            let (code, size) = regions.randomElement(using: &random) ?? ("ZZ", 1)
            let region = PageRequest(
                region: code, page: Int.random(in: 0..<max(1, size / 100), using: &random), isRegion: true)
            let (regionResult, regionTime) = try await seconds { try await db.readMetas(region) }
            regionPages.append(regionTime)
            checksum &+= pageResult.metas.count + searchResult.metas.count + regionResult.metas.count
        }
        precondition(checksum > 0, "the queries returned nothing")

        let control = ("control: counting people (a 21-row table), the async hop to a reader and back", hops)
        let rows = [
            ("a page of 100 metas (random page, either order)", pages),
            ("a search (1-4 letters of a first name, last name or username, grouped)", searches),
            ("a region page (random region and page)", regionPages),
        ]
        var table = """
            ## Reading with \(count) people stored

            Stored in \(format(stored, 1)) s (one transaction, page index included). \(queries) queries of each kind, \
            through `PersonDBWorker.readMetas`, milliseconds.

            | query | p50 | p99 | max | target p99 |
            |---|---:|---:|---:|---|

            """
        var isMet = true
        for (name, times) in [control] + rows {
            let p99 = percentile(times, 0.99) * 1_000
            let counts = name != control.0
            isMet = isMet && (p99 < 5 || !counts)
            table +=
                "| \(name) | \(format(median(times) * 1_000)) | \(format(p99)) | \(format((times.max() ?? 0) * 1_000)) | \(counts ? "< 5 " + (p99 < 5 ? "met" : "MISSED") : "") |\n"
        }
        return Report(table: table, isMet: isMet)
    }
}
