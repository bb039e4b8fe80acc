import AsyncHTTPClient
import BenchmarkSupport

/// The list pages under load: for each of the home page, a search, a letter jump and the style
/// sheet the pages link to, `wrk`'s way of asking (see ``LoadClients``, in a process of their
/// own): 32 kept-alive connections, each asking again as soon as it has its answer, for a while,
/// the pages taking turns of about 3 s; and, beside them, the floor: a bare server answering a
/// body of the style sheet's size from memory (``FixedBodyServer``). Measured: answers a second,
/// and the latency of each. Targets: at least 2,000 a second, p99 under 50 ms, and the style
/// sheet at least as fast as the home page.
struct LoadBenchmark {
    let seconds: Int
    /// How many connections the floor of a connection's memory opens (as many as the live pages).
    let floorConnections: Int

    /// The pages, by what they are.
    static let pages = [("home page", "/"), ("a search", "/?q=ad"), ("a letter jump", "/?at=from%3AM")]
    static let connections = 32
    /// How long each page's turn lasts, about: the pages take turns, so that a machine that
    /// slows down or speeds up during the run weighs on each alike (measured one after another,
    /// the last page measured had the machine at its slowest in runs of 2026-12-02).
    static let turnSeconds = 3
    static let leastPerSecond = 2_000.0
    static let mostP99 = 50.0

    struct Report {
        let table: String
        let targets: Targets
    }

    func run(base: String) async throws -> Report {
        var table = """
            ## The list pages under load: \(Self.connections) kept-alive connections, \(seconds) s each

            Each connection asks for the page again as soon as it has the whole answer (as `wrk` does),
            its clients in a process of their own; milliseconds. The pages take turns (\(rounds) each,
            of \(format(Double(seconds) / Double(rounds), 1)) s), so that the machine's drift weighs on
            them alike. The floor is a bare Hummingbird server answering as many bytes as the style sheet
            from memory, with no middleware.

            | page | answers a second | p50 | p99 | max | not 200 |
            |---|---:|---:|---:|---:|---:|

            """
        var targets = Targets()
        let (styleSheet, size) = try await Self.styleSheet(of: base)
        let asked = Self.pages + [("the style sheet (\(size) bytes)", styleSheet)]
        var perSecond: [Double] = []
        for (figure, row, checked) in try await load(asked, base: base) {
            perSecond.append(figure)
            table += row
            targets.add(checked)
        }
        let (floorRow, perConnection, perSocket) = try await FixedBodyServer.withRunning(size: size) { floor in
            let row = try await load([("the floor: \(size) bytes from a bare server", "/")], base: floor)[0].row
            let perConnection = try await LiveFloors.bytesPerConnection(
                base: floor, connections: floorConnections, bodyBytes: size)
            let perSocket = try await LiveFloors.bytesPerConnection(
                base: floor, connections: floorConnections, bodyBytes: size, upgraded: true)
            return (row, perConnection, perSocket)
        }
        table += floorRow
        table += """

            The floors under the memory each open page holds (mallinfo2), for each of \(floorConnections) connections
            kept open to the bare server: \(format(perConnection / 1_024, 1)) KiB for one answered once,
            \(format(perSocket / 1_024, 1)) KiB for one upgraded to a WebSocket that reads and drops what comes.

            """
        targets.atLeast(
            "the style sheet, answers a second, at least the home page's", perSecond[3], perSecond[0], digits: 0)
        return Report(table: table + "\n" + targets.table, targets: targets)
    }

    /// The address of the style sheet the home page links to, and its size.
    private static func styleSheet(of base: String) async throws -> (path: String, size: Int) {
        let client = HTTPClient()
        defer { _ = client.shutdown() }
        let home = try await client.execute(HTTPClientRequest(url: base + "/"), timeout: .seconds(30))
        let html = String(buffer: try await home.body.collect(upTo: 1 << 22))
        guard let link = html.firstMatch(of: /<link rel="stylesheet" href="([^"]+)">/)?.1 else {
            throw ClientProcess.Unexpected(
                expected: "a style sheet linked from the home page", got: String(html.prefix(200)))
        }
        let sheet = try await client.execute(HTTPClientRequest(url: base + link), timeout: .seconds(30))
        let size = try await sheet.body.collect(upTo: 1 << 22).readableBytes
        return (String(link), size)
    }

    /// How many turns each page takes.
    private var rounds: Int { max(1, seconds / Self.turnSeconds) }

    /// The `pages` at `base` under load, taking turns: for each, its answers a second, its row of
    /// the table, and its targets.
    private func load(
        _ pages: [(name: String, path: String)], base: String
    ) async throws
        -> [(Double, row: String, Targets)]
    {
        var clients = try ClientProcess(
            ["--load", base] + pages.flatMap { ["--path", $0.path] } + [
                "--connections", String(Self.connections), "--seconds", String(seconds), "--rounds", String(rounds),
            ])
        defer { clients.stop() }
        var results: [(Double, row: String, Targets)] = []
        for (name, path) in pages {
            let line = await clients.next() ?? ""
            let fields = line.split(separator: " ").compactMap { Int($0) }
            guard line.hasPrefix("done "), fields.count == 5 else {
                throw ClientProcess.Unexpected(expected: "done ANSWERS P50 P99 MAX FAILED", got: line)
            }
            let perSecond = Double(fields[0]) / Double(seconds)
            let (p50, p99, most) = (Double(fields[1]) / 1_000, Double(fields[2]) / 1_000, Double(fields[3]) / 1_000)
            var row = "| \(name) (`\(path)`) | \(format(perSecond, 0)) | \(format(p50, 2)) | \(format(p99, 2)) | "
            row += "\(format(most, 2)) | \(fields[4]) |\n"
            var targets = Targets()
            targets.atLeast("\(name), answers a second", perSecond, Self.leastPerSecond, digits: 0)
            targets.atMost("\(name), p99", p99, Self.mostP99, unit: "ms")
            targets.atMost("\(name), answers not 200", Double(fields[4]), 0, unit: "", orEqual: true, digits: 0)
            results.append((perSecond, row, targets))
        }
        return results
    }
}
