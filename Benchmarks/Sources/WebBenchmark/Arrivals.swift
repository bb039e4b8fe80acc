import BenchmarkSupport
import NIOCore
import Synchronization

/// When each page received each switches fragment (monotonic nanoseconds), and the lines that
/// tell the benchmark how far every page got: `ready` when every page has its first, `got K`
/// when every page has the one of update K.
final class Arrivals: Sendable {
    private struct Times {
        var byPage: [[Int]]
        /// How many pages have received fragment K, for K in 0...updates.
        var pages: [Int]
        /// Whether the run has ended, measured or failed.
        var isOver = false
        /// The largest frame of a timed part, on the wire.
        var largestFrame = 0
    }

    private let streams: Int
    private let updates: Int
    private let times: Mutex<Times>
    private let done: EventLoopPromise<Void>

    init(streams: Int, updates: Int, loop: any EventLoop) {
        self.streams = streams
        self.updates = updates
        times = Mutex(
            Times(byPage: Array(repeating: [], count: streams), pages: Array(repeating: 0, count: updates + 1)))
        done = loop.makePromise()
    }

    /// Page `stream` received a timed part now, in a frame of `bytes` bytes.
    func record(_ stream: Int, bytes: Int) {
        let now = monotonicNanoseconds()
        let everyPage = times.withLock { times -> Int? in
            times.largestFrame = max(times.largestFrame, bytes)
            let index = times.byPage[stream].count
            times.byPage[stream].append(now)
            guard index <= updates else { return nil }
            times.pages[index] += 1
            guard times.pages[index] == streams else { return nil }
            if index == updates { times.isOver = true }
            return index
        }
        guard let index = everyPage else { return }
        // Update K+1 is only made once the benchmark reads `got K`: these lines come in order.
        PageClients.say(index == 0 ? "ready" : "got \(index)")
        if index == updates { done.succeed() }
    }

    /// Something went wrong with page `stream`: the run cannot be measured.
    func fail(_ stream: Int, _ reason: String) {
        let wasOver = times.withLock { times in
            defer { times.isOver = true }
            return times.isOver
        }
        if !wasOver { done.fail(PageFailed(stream: stream, reason: reason)) }
    }

    /// Waits until every page has received every update's fragment; fails once no page has
    /// received one for ``StallWatch/interval``, naming the pages that lack the next.
    func allArrived() async throws {
        StallWatch.start(on: done.futureResult.eventLoop) { [self] in
            times.withLock { $0.isOver ? nil : $0.pages.reduce(0, +) }
        } stalled: { [self] in
            let reason = times.withLock { times -> String? in
                guard !times.isOver, let update = times.pages.firstIndex(where: { $0 < streams }) else { return nil }
                times.isOver = true
                let lacking = times.byPage.indices.filter { times.byPage[$0].count <= update }
                return "no page received anything for \(StallWatch.seconds) s; "
                    + "pages without \(update == 0 ? "their first part" : "update \(update)"): "
                    + StallWatch.list(lacking, of: streams)
            }
            if let reason { done.fail(StallWatch.Stalled(description: reason)) }
        }
        try await done.futureResult.get()
    }

    /// `frame BYTES`, the largest timed part's frame, then `at PAGE K NANOSECONDS` for each page
    /// and update.
    func lines() -> [String] {
        times.withLock { times in
            ["frame \(times.largestFrame)"]
                + times.byPage.enumerated().flatMap { page, arrivals in
                    (1...updates).map { "at \(page) \($0) \(arrivals[$0])" }
                }
        }
    }

    struct PageFailed: Error, CustomStringConvertible {
        let stream: Int
        let reason: String
        var description: String { "page \(stream): \(reason)" }
    }
}
