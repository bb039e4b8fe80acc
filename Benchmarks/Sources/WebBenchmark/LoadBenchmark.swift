import BenchmarkSupport

/// The list pages under load: for each of the home page, a search and a letter jump, `wrk`'s
/// way of asking (see ``LoadClients``, in a process of their own): 32 kept-alive connections,
/// each asking again as soon as it has its answer, for a while. Measured: answers a second,
/// and the latency of each. Targets: at least 2,000 a second, p99 under 50 ms.
struct LoadBenchmark {
    let seconds: Int

    /// The pages, by what they are.
    static let pages = [("home page", "/"), ("a search", "/?q=ad"), ("a letter jump", "/?at=from%3AM")]
    static let connections = 32
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
            its clients in a process of their own; milliseconds.

            | page | answers a second | p50 | p99 | max | not 200 |
            |---|---:|---:|---:|---:|---:|

            """
        var targets = Targets()
        for (name, path) in Self.pages {
            var clients = try ClientProcess([
                "--load", base, "--path", path, "--connections", String(Self.connections), "--seconds", String(seconds),
            ])
            defer { clients.stop() }
            let line = await clients.next() ?? ""
            let fields = line.split(separator: " ").compactMap { Int($0) }
            guard line.hasPrefix("done "), fields.count == 5 else {
                throw ClientProcess.Unexpected(expected: "done ANSWERS P50 P99 MAX FAILED", got: line)
            }
            let perSecond = Double(fields[0]) / Double(seconds)
            let (p50, p99, most) = (Double(fields[1]) / 1_000, Double(fields[2]) / 1_000, Double(fields[3]) / 1_000)
            table += "| \(name) (`\(path)`) | \(format(perSecond, 0)) | \(format(p50, 2)) | \(format(p99, 2)) | "
            table += "\(format(most, 2)) | \(fields[4]) |\n"
            targets.atLeast("\(name), answers a second", perSecond, Self.leastPerSecond, digits: 0)
            targets.atMost("\(name), p99", p99, Self.mostP99, unit: "ms")
            targets.atMost("\(name), answers not 200", Double(fields[4]), 0, unit: "", orEqual: true, digits: 0)
        }
        return Report(table: table + "\n" + targets.table, targets: targets)
    }
}
