import AsyncHTTPClient
import BenchmarkSupport
import Foundation
import Synchronization

/// The open pages, in a process of their own (`WebBenchmark --clients BASE --streams N
/// --updates U`), so that the server being measured has the machine's cores to itself.
///
/// Speaks to the benchmark on standard output, one line each: `ready` once every page has its
/// first switches fragment; `got K` once every page has the switches fragment of update K;
/// then, after update U, `at PAGE K NANOSECONDS` for each page and update (the monotonic clock,
/// which the two processes share) and `done`.
enum PageClients {
    static func run(base: String, streams: Int, updates: Int) async throws {
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(10)))
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: streams + 8)
        let client = HTTPClient(configuration: configuration)
        let arrivals = Arrivals(streams: streams)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for stream in 0..<streams {
                group.addTask {
                    let response = try await client.execute(
                        HTTPClientRequest(url: base + "/events?screen=home"), timeout: .hours(1))
                    var counter = EventCounter(marker: #""id":"switches""#)
                    for try await chunk in response.body {
                        for _ in 0..<counter.feed(chunk) { arrivals.record(stream) }
                    }
                }
            }
            var told = 0
            while told <= updates {
                let fewest = arrivals.fewest
                if fewest > told {
                    say(told == 0 ? "ready" : "got \(told)")
                    told += 1
                } else {
                    try await Task.sleep(for: .microseconds(200))
                }
            }
            for stream in 0..<streams {
                for update in 1...updates { say("at \(stream) \(update) \(arrivals.time(stream, update))") }
            }
            say("done")
            group.cancelAll()
        }
        try await client.shutdown()
    }

    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// When each page received each switches fragment (monotonic nanoseconds).
    final class Arrivals: Sendable {
        private let times: Mutex<[[Int]]>

        init(streams: Int) {
            times = Mutex(Array(repeating: [], count: streams))
        }

        func record(_ stream: Int) {
            let now = monotonicNanoseconds()
            times.withLock { $0[stream].append(now) }
        }

        /// How many fragments the page that received the fewest has received.
        var fewest: Int { times.withLock { $0.map(\.count).min() ?? 0 } }

        func time(_ stream: Int, _ index: Int) -> Int { times.withLock { $0[stream][index] } }
    }
}
