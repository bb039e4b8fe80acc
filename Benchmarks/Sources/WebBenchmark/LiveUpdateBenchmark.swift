import AsyncHTTPClient
import BenchmarkSupport
import Foundation
import MallocCounter
import Persons
import PersonsVessel
import PersonsWeb
import Synchronization

/// Open pages: the latency from an update of the state to its fragment arriving on every one
/// of them, and what each open page holds.
struct LiveUpdateBenchmark {
    let base: String
    let streams: Int
    let updates: Int
    let vessel: Vessel
    let server: PersonsWebServer

    struct Report {
        let table: String
        let isMet: Bool
    }

    /// When each stream received each fragment of the switches.
    final class Arrivals: Sendable {
        private let times: Mutex<[[ContinuousClock.Instant]]>

        init(streams: Int) {
            times = Mutex(Array(repeating: [], count: streams))
        }

        func record(_ stream: Int) {
            let now = ContinuousClock.now
            times.withLock { $0[stream].append(now) }
        }

        /// How many switches fragments the stream that received the fewest has received.
        var fewest: Int { times.withLock { $0.map(\.count).min() ?? 0 } }

        func time(_ stream: Int, _ index: Int) -> ContinuousClock.Instant { times.withLock { $0[stream][index] } }
    }

    func run() async throws -> Report {
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(10)))
        // One connection per open page (the default pool keeps 8 per host).
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: streams + 8)
        let client = HTTPClient(configuration: configuration)
        defer { _ = client.shutdown() }
        let arrivals = Arrivals(streams: streams)
        let subscriptionsBefore = vessel.appState.subscriptionCount
        let bytesBefore = malloc_counter_allocated_bytes()

        return try await withThrowingTaskGroup(of: Void.self) { group in
            for stream in 0..<streams {
                group.addTask {
                    let response = try await client.execute(
                        HTTPClientRequest(url: base + "/events?screen=home"), timeout: .hours(1))
                    var counter = EventCounter(marker: #""id":"switches""#)
                    for try await chunk in response.body {
                        for _ in 0..<counter.feed(chunk) {
                            arrivals.record(stream)
                        }
                    }
                }
            }
            // Every page has its first switches fragment: all open, all watching.
            try await waitUntil { arrivals.fewest >= 1 }
            let bytesPerPage = Double(malloc_counter_allocated_bytes() - bytesBefore) / Double(streams)
            let subscriptions = vessel.appState.subscriptionCount - subscriptionsBefore
            let selections = vessel.appState.selectionCount

            var latencies: [Double] = []
            var slowest: [Double] = []
            for update in 1...updates {
                let start = ContinuousClock.now
                try await vessel.applyRegionAction(update.isMultiple(of: 2))
                try await waitUntil { arrivals.fewest >= update + 1 }
                let times = (0..<streams).map { arrivals.time($0, update) - start }
                latencies += times.map(Self.seconds)
                slowest.append(times.map(Self.seconds).max() ?? 0)
            }
            group.cancelAll()

            let p99 = percentile(latencies, 0.99) * 1_000
            let table = """
                ## Live updates on \(streams) open home pages

                The region switch flipped \(updates) times through the Vessel; each time, the time until the
                switches fragment arrived on every page's stream (the client runs in the same process),
                milliseconds.

                | | p50 | p99 | max | target p99 |
                |---|---:|---:|---:|---|
                | update to fragment, each page | \(format(median(latencies) * 1_000)) | \(format(p99)) | \(format((latencies.max() ?? 0) * 1_000)) | < 50 \(p99 < 50 ? "met" : "MISSED") |
                | update to fragment, the last of the \(streams) pages | \(format(median(slowest) * 1_000)) | \(format(percentile(slowest, 0.99) * 1_000)) | \(format((slowest.max() ?? 0) * 1_000)) | |

                Each open page: \(format(bytesPerPage / 1_024, 1)) KiB allocated (server and the in-process client's end of the
                connection, measured with mallinfo2). The \(streams) pages hold \(subscriptions) subscriptions in all; the store
                compares \(selections) selections per update however many pages are open.

                """
            return Report(table: table, isMet: p99 < 50)
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw CancellationError() }
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}
