import ArgumentParser

/// The command line, for profiling one part: `--only`, `--subscribers`, `--pure-only`. A flag it
/// does not know stops it with a usage error (exit 64) before anything runs.
///
///     StoreBenchmark --only a --subscribers 1000 --pure-only
struct BenchmarkOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "StoreBenchmark",
        abstract: "Our store against the article's store design and against Apple's Observation.",
        discussion: "Exits 0 when every target is met, 1 when one is missed.")

    /// A part of the benchmark: a scenario (`a`, `b`), subscribing, or the journal.
    enum Part: String, CaseIterable, ExpressibleByArgument {
        case a, b, subscribing, journal
    }

    @Option(help: "Run this part alone.") var only: Part?
    @Option(help: "Measure this number of subscribers alone (else 1, 10, 100, 1000 and 10000).")
    var subscribers: Int?
    @Flag(help: "Measure our store alone.") var pureOnly = false

    /// The numbers of subscribers measured.
    var counts: [Int] { subscribers.map { [$0] } ?? [1, 10, 100, 1_000, 10_000] }

    /// Whether the part named `part` ("a", "b", "subscribing" or "journal") is to run.
    func runs(_ part: String) -> Bool {
        only == nil || only?.rawValue == part
    }

    func validate() throws {
        if let subscribers, subscribers < 1 {
            throw ValidationError("--subscribers must be a positive number, not \(subscribers).")
        }
    }
}
