import AsyncHTTPClient
import BenchmarkSupport

/// The list pages under load: for each of the home page, a search, a letter jump and the style
/// sheet the pages link to, `wrk`'s way of asking (see ``LoadClients``, in a process of their
/// own): 32 kept-alive connections, each asking again as soon as it has its answer, for a while,
/// the pages taking turns of about 3 s; and then each page's floor, taking turns the same way: a
/// bare server answering as many bytes from memory (``FixedBodyServer``). Measured: answers a
/// second, and the latency of each. Targets, for each page: at least 75% of its floor's answers
/// a second, a p99 at most 1.5 times its floor's, and every answer a 200.
struct LoadBenchmark {
    let seconds: Int

    /// The pages, by what they are.
    static let pages = [("home page", "/"), ("a search", "/?q=ad"), ("a letter jump", "/?at=from%3AM")]
    static let connections = 32
    /// How long each page's turn lasts, about: the pages take turns, so that a machine that
    /// slows down or speeds up during the run weighs on each alike (measured one after another,
    /// the last page measured had the machine at its slowest in runs of 2026-12-02).
    static let turnSeconds = 3
    /// A page's answers a second against its floor's: at least this share.
    static let leastShare = 0.75
    /// A page's p99 against its floor's: at most this many times.
    static let mostP99Ratio = 1.5

    struct Report {
        let table: String
        let targets: Targets
    }

    /// One page's figures under load.
    struct Figures {
        let perSecond: Double
        let p50, p99, most: Double
        let failed: Int
    }

    func run(base: String) async throws -> Report {
        var table = """
            ## The list pages under load: \(Self.connections) kept-alive connections, \(seconds) s each

            Each connection asks for the page again as soon as it has the whole answer (as `wrk` does),
            its clients in a process of their own; milliseconds. The pages take turns (\(rounds) each,
            of \(format(Double(seconds) / Double(rounds), 1)) s), so that the machine's drift weighs on
            them alike; then their floors take turns the same way: a bare Hummingbird server answering as
            many bytes as each page from memory, with no middleware.

            | page | bytes | answers a second | p50 | p99 | max | not 200 | floor: answers a second | floor p99 | share | p99 / floor |
            |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|

            """
        var targets = Targets()
        let styleSheet = try await Self.styleSheet(of: base)
        let asked = Self.pages + [("the style sheet", styleSheet)]
        var sizes: [Int] = []
        for (_, path) in asked { sizes.append(try await Self.size(of: base + path)) }
        let figures = try await load(asked.map(\.1), base: base)
        let floorPaths = asked.indices.map { "/page\($0)" }
        let floors = try await FixedBodyServer.withRunning(
            sizes: Dictionary(uniqueKeysWithValues: zip(floorPaths, sizes))
        ) { floor in try await load(floorPaths, base: floor) }
        for (index, (name, path)) in asked.enumerated() {
            let (page, floor) = (figures[index], floors[index])
            let share = page.perSecond / max(floor.perSecond, 1)
            let ratio = page.p99 / max(floor.p99, 0.001)
            table +=
                "| \(name) (`\(path)`) | \(sizes[index]) | \(format(page.perSecond, 0)) | \(format(page.p50)) | \(format(page.p99)) | \(format(page.most)) | \(page.failed) | \(format(floor.perSecond, 0)) | \(format(floor.p99)) | \(format(share * 100, 0))% | \(format(ratio)) |\n"
            targets.atLeast("\(name), answers a second against its floor's", share, Self.leastShare)
            targets.atMost("\(name), p99 against its floor's", ratio, Self.mostP99Ratio, unit: "x", orEqual: true)
            targets.atMost("\(name), answers not 200", Double(page.failed), 0, unit: "", orEqual: true, digits: 0)
        }
        return Report(table: table + "\n" + targets.table, targets: targets)
    }

    /// The size of the answer at `url`, in octets.
    private static func size(of url: String) async throws -> Int {
        let client = HTTPClient()
        defer { _ = client.shutdown() }
        let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
        return try await response.body.collect(upTo: 1 << 24).readableBytes
    }

    /// The address of the style sheet the home page links to.
    private static func styleSheet(of base: String) async throws -> String {
        let client = HTTPClient()
        defer { _ = client.shutdown() }
        let home = try await client.execute(HTTPClientRequest(url: base + "/"), timeout: .seconds(30))
        let html = String(buffer: try await home.body.collect(upTo: 1 << 22))
        guard let link = html.firstMatch(of: /<link rel="stylesheet" href="([^"]+)">/)?.1 else {
            throw ClientProcess.Unexpected(
                expected: "a style sheet linked from the home page", got: String(html.prefix(200)))
        }
        return String(link)
    }

    /// How many turns each page takes.
    private var rounds: Int { max(1, seconds / Self.turnSeconds) }

    /// The `paths` at `base` under load, taking turns: the figures of each.
    private func load(_ paths: [String], base: String) async throws -> [Figures] {
        var clients = try ClientProcess(
            ["--load", base] + paths.flatMap { ["--path", $0] } + [
                "--connections", String(Self.connections), "--seconds", String(seconds), "--rounds", String(rounds),
            ])
        defer { clients.stop() }
        var figures: [Figures] = []
        for _ in paths {
            let line = await clients.next() ?? ""
            let fields = line.split(separator: " ").compactMap { Int($0) }
            guard line.hasPrefix("done "), fields.count == 5 else {
                throw ClientProcess.Unexpected(expected: "done ANSWERS P50 P99 MAX FAILED", got: line)
            }
            figures.append(
                Figures(
                    perSecond: Double(fields[0]) / Double(seconds), p50: Double(fields[1]) / 1_000,
                    p99: Double(fields[2]) / 1_000, most: Double(fields[3]) / 1_000, failed: fields[4]))
        }
        return figures
    }
}
