import ArgumentParser

/// The command line: the sizes of a run, or (hidden from `--help`) the role of a page-clients
/// process that another run starts (see `PageClients`, `StormClients`, `CycleClients` and
/// `LoadClients`). A flag it does not know, or a size that is not a positive number, stops it
/// with a usage error (exit 64) before anything runs.
///
///     WebBenchmark --people 20000 --streams 100,1000 --updates 50
struct WebBenchmarkOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "WebBenchmark",
        abstract: "The web screens with a million people stored: first bytes, live updates, load.",
        discussion: "Exits 0 when every target is met, 1 when one is missed, 2 when a part could not run.")

    @Option(help: "People stored before serving.") var people = 1_000_000
    @Option(help: "Requests for each first-byte figure.") var requests = 2_000
    @Option(help: "Numbers of open pages for the live updates, comma-separated. (default: 100,1000)", transform: counts)
    var streams = [100, 1_000]
    @Option(help: "Updates measured on each number of open pages.") var updates = 50
    @Option(help: "Distinct list addresses of the many-addresses run, half searches. (default: 100)") var lists: Int?
    @Option(help: "Live pages that come and go, one after another.") var cycles = 20_000
    @Option(help: "Seconds each page is under load.") var loadSeconds = 15

    @Option(help: .hidden) var clients: String?
    @Option(help: .hidden) var storm: String?
    @Option(help: .hidden) var visits: String?
    @Option(help: .hidden) var count = 1
    @Option(help: .hidden) var load: String?
    @Option(help: .hidden) var path: [String] = []
    @Option(help: .hidden) var connections = 32
    @Option(help: .hidden) var seconds = 15
    @Option(help: .hidden) var rounds = 1
    @Option(help: .hidden) var parent: Int32?

    /// The distinct list addresses of the many-addresses run: `--lists`, or 100.
    var listCount: Int { lists ?? 100 }

    func validate() throws {
        let sizes = [
            ("--people", people), ("--requests", requests), ("--updates", updates), ("--lists", listCount),
            ("--cycles", cycles), ("--load-seconds", loadSeconds), ("--count", count),
            ("--connections", connections), ("--seconds", seconds), ("--rounds", rounds),
        ]
        for (flag, size) in sizes where size < 1 {
            throw ValidationError("\(flag) must be a positive number, not \(size).")
        }
    }

    /// `100,1000` as its positive numbers.
    private static func counts(_ text: String) throws -> [Int] {
        let counts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        guard !counts.isEmpty, counts.allSatisfy({ ($0 ?? 0) > 0 }) else {
            throw ValidationError("--streams takes positive numbers separated by commas, not '\(text)'.")
        }
        return counts.compactMap { $0 }
    }
}
