import BenchmarkSupport
import Foundation
import NIOCore
import NIOPosix

/// The open pages, in a process of their own (`WebBenchmark --clients BASE --streams N
/// --updates U`), so that the server being measured has a core to itself.
///
/// Each page is a bare connection opening the home page's WebSocket, read on one event loop
/// thread where its bytes arrive (see ``PageClient``): no WebSocket library, no task per page.
/// A browser would run on another machine; these share the machine with the server, and must
/// cost it as little as they can.
///
/// Speaks to the benchmark on standard output, one line each: `ready` once every page has its
/// first switches part; `got K` once every page has the switches part of update K; then, after
/// update U, `frame BYTES` (the largest timed part's frame on the wire), `at PAGE K NANOSECONDS`
/// for each page and update (the monotonic clock, which the two processes share) and `done`.
enum PageClients {
    /// `lists`: the pages open the many-addresses run's list addresses and time their summary
    /// parts (the count, which every update changes); otherwise they open the home page and time
    /// its switches.
    static func run(base: String, streams: Int, updates: Int, lists: Int?) async throws {
        let (host, port) = try address(base)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let arrivals = Arrivals(streams: streams, updates: updates, loop: group.next())
        var channels: [any Channel] = []
        let paths = lists.map(ListAddresses.paths) ?? ["/"]
        for stream in 0..<streams {
            let page = FlippingPage(stream: stream, part: lists == nil ? "switches" : "summary", arrivals: arrivals)
            let request = ByteBuffer(
                string: PageClient.browserRequest(host: "\(host):\(port)", path: paths[stream % paths.count]))
            let channel = try await ClientBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(PageClient(request: request, page: page))
                    }
                }
                .connect(host: host, port: port).get()
            channels.append(channel)
        }
        try await arrivals.allArrived()
        for line in arrivals.lines() { say(line) }
        say("done")
        for channel in channels { try? await channel.close() }
        try await group.shutdownGracefully()
    }

    /// The host and port of `base`.
    static func address(_ base: String) throws -> (String, Int) {
        guard let url = URL(string: base), let host = url.host, let port = url.port else {
            throw BadAddress(address: base)
        }
        return (host, port)
    }

    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    struct BadAddress: Error, CustomStringConvertible {
        let address: String
        var description: String { "not an address with a host and a port: \(address)" }
    }
}

/// A page whose parts of one id are timed: a refused upgrade or a closed connection fails the run.
final class FlippingPage: LivePage, Sendable {
    private let stream: Int
    private let part: String
    private let arrivals: Arrivals

    init(stream: Int, part: String, arrivals: Arrivals) {
        self.stream = stream
        self.part = part
        self.arrivals = arrivals
    }

    func received(part: Substring, beginning: [UInt8], bytes: Int) {
        if part == self.part { arrivals.record(stream, bytes: bytes) }
    }

    func refused(_ answer: String) { arrivals.fail(stream, "the upgrade was answered: \(answer)") }

    func closed() { arrivals.fail(stream, "the connection closed") }
}
