import BenchmarkSupport
import NIOCore
import NIOPosix
import Synchronization

/// The reconnect storm's open pages, in a process of their own (`WebBenchmark --storm BASE
/// --streams N`): home pages that, like the live engine's script in a browser, reconnect by
/// themselves when their socket closes, after a random wait that doubles with each failure
/// (full jitter, the script's own numbers), and count themselves back once they have every part
/// of the page again.
///
/// Speaks to the benchmark on standard output: `ready` once every page has every part; after
/// the server's restart, once every page is back, `back PAGE NANOSECONDS REGION` for each (when
/// it had every part again, and whether its switches said the region was `on` or `off`) and
/// `done`. A refused upgrade fails the run.
enum StormClients {
    /// The parts of the home page a page must have to count as back: the home page has more
    /// (the address book's since it came), and waiting for exactly these hung every storm once it
    /// did, at any number of pages.
    static let parts: Set<Substring> = ["switches", "sync", "search", "search-options", "summary", "list"]
    /// The live script's back-off: the first wait's ceiling and the longest (live.js).
    static let firstWait = 250.0
    static let longestWait = 4_000.0

    static func run(base: String, streams: Int) async throws {
        let (host, port) = try PageClients.address(base)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let storm = Storm(streams: streams, loop: loop)
        for stream in 0..<streams {
            // Each page lives on the loop: its sockets' handlers and its timers keep it.
            loop.execute {
                ReconnectingPage(stream: stream, host: host, port: port, loop: loop, storm: storm).connect()
            }
        }
        try await storm.finished()
        for line in storm.lines() { PageClients.say(line) }
        PageClients.say("done")
        try await group.shutdownGracefully()
    }
}

/// Where the pages stand: how many have every part, in the first round and after the restart.
final class Storm: Sendable {
    private struct Rounds {
        var ready: Set<Int> = []
        var back: [(page: Int, at: Int, region: String)] = []
    }

    private let streams: Int
    private let rounds = Mutex(Rounds())
    private let done: EventLoopPromise<Void>

    init(streams: Int, loop: any EventLoop) {
        self.streams = streams
        done = loop.makePromise()
    }

    /// Page `page` has every part, for the first time.
    func ready(_ page: Int) {
        let ready = rounds.withLock { rounds in
            rounds.ready.insert(page)
            return rounds.ready.count
        }
        if ready == streams { PageClients.say("ready") }
    }

    /// Page `page` has every part again after the restart, its switches saying `region`.
    func back(_ page: Int, region: String) {
        let now = monotonicNanoseconds()
        let all = rounds.withLock { rounds in
            rounds.back.append((page, now, region))
            return rounds.back.count == streams
        }
        if all { done.succeed() }
    }

    /// Something went wrong with page `page`: the run cannot be measured.
    func fail(_ page: Int, _ reason: String) {
        done.fail(Arrivals.PageFailed(stream: page, reason: reason))
    }

    /// Waits until every page is back; fails once no page has come for ``StallWatch/interval``,
    /// naming those that have not.
    func finished() async throws {
        StallWatch.start(on: done.futureResult.eventLoop) { [self] in
            rounds.withLock { $0.back.count == streams ? nil : $0.ready.count + $0.back.count }
        } stalled: { [self] in
            let reason = rounds.withLock { rounds in
                let isFirst = rounds.ready.count < streams
                let came = isFirst ? rounds.ready : Set(rounds.back.map(\.page))
                let missing = (0..<streams).filter { !came.contains($0) }
                return "no page came \(isFirst ? "for the first time" : "back") for "
                    + "\(StallWatch.seconds) s; those that did not: "
                    + StallWatch.list(missing, of: streams)
            }
            done.fail(StallWatch.Stalled(description: reason))
        }
        try await done.futureResult.get()
    }

    /// `back PAGE NANOSECONDS REGION` for each page.
    func lines() -> [String] {
        rounds.withLock { $0.back.map { "back \($0.page) \($0.at) \($0.region)" } }
    }
}

/// One home page that reconnects by itself. Made and used on its event loop only.
final class ReconnectingPage: LivePage {
    private let stream: Int
    private let host: String
    private let port: Int
    private let loop: any EventLoop
    private let storm: Storm
    private var seen: Set<Substring> = []
    private var region = "?"
    private var hasBeenReady = false
    private var failures = 0

    init(stream: Int, host: String, port: Int, loop: any EventLoop, storm: Storm) {
        self.stream = stream
        self.host = host
        self.port = port
        self.loop = loop
        self.storm = storm
    }

    /// Opens the page's socket; on the page's loop.
    func connect() {
        let page = NIOLoopBound(self, eventLoop: loop)
        PageClient.connect(host: host, port: port, on: loop, page: self).whenComplete { result in
            switch result {
            case .success: page.value.failures = 0
            case .failure: page.value.retry()
            }
        }
    }

    func received(part: Substring, beginning: [UInt8], bytes: Int) {
        if part == "switches" {
            region =
                String(decoding: beginning, as: UTF8.self).contains(#"name=\"isRegion\" value=\"true\""#) ? "off" : "on"
        }
        guard seen.insert(part).inserted, StormClients.parts.subtracting(seen).isEmpty,
            StormClients.parts.contains(part)
        else { return }
        if hasBeenReady {
            storm.back(stream, region: region)
        } else {
            hasBeenReady = true
            storm.ready(stream)
        }
    }

    func refused(_ answer: String) { storm.fail(stream, "the upgrade was answered: \(answer)") }

    /// The socket closed: the next one starts from no part at all.
    func closed() {
        seen = []
        retry()
    }

    /// Tries again after the live script's wait: anywhere from nothing to a ceiling that doubles
    /// with each failure.
    private func retry() {
        failures += 1
        let ceiling = min(StormClients.longestWait, StormClients.firstWait * Double(1 << min(failures, 10)))
        let wait = Double.random(in: 0...ceiling)
        let page = NIOLoopBound(self, eventLoop: loop)
        loop.scheduleTask(in: .milliseconds(Int64(wait))) { page.value.connect() }
    }
}
