import ArgumentParser

/// The command line: the sizes of a run, and `--only` to run one part. A flag it does not know,
/// or a size that is not a positive number, stops it with a usage error (exit 64) before
/// anything runs.
///
///     PersonsBenchmark --only read --database-count 100000
struct PersonsBenchmarkOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "PersonsBenchmark",
        abstract: "Syncing and reading people at scale, and the address book against a real Radicale.",
        discussion: "Exits 0 when every target is met, 1 when one is missed, 2 when a part could not run.")

    /// A part of the benchmark.
    enum Part: String, CaseIterable, ExpressibleByArgument {
        case sync, read, carddav
    }

    @Option(help: "People synced from the test server.") var syncCount = 100_000
    @Option(help: "People stored for the reads.") var databaseCount = 1_000_000
    @Option(help: "Queries of each kind for the reads.") var queries = 2_000
    @Option(help: "People pushed to the address book.") var carddavCount = 1_000
    @Option(help: "Edits here, and changes there, timed with the app running.") var latencySamples = 20
    @Option(help: "Run this part alone.") var only: Part?

    /// Whether `part` runs.
    func runs(_ part: Part) -> Bool { only == nil || only == part }

    func validate() throws {
        let sizes = [
            ("--sync-count", syncCount), ("--database-count", databaseCount), ("--queries", queries),
            ("--carddav-count", carddavCount), ("--latency-samples", latencySamples),
        ]
        for (flag, size) in sizes where size < 1 {
            throw ValidationError("\(flag) must be a positive number, not \(size).")
        }
    }
}
