import BenchmarkSupport
import Foundation
import NIOCore
import NIOPosix

/// The open pages, in a process of their own (`WebBenchmark --clients BASE --streams N
/// --updates U`), so that the server being measured has a core to itself.
///
/// Each page is a bare HTTP/1.1 connection asking for the home page's stream, read on one event
/// loop thread where its bytes arrive (see ``PageClient``): no HTTP client, no task per page. A
/// browser would run on another machine; these share the machine with the server, and must cost
/// it as little as they can.
///
/// Speaks to the benchmark on standard output, one line each: `ready` once every page has its
/// first switches fragment; `got K` once every page has the switches fragment of update K;
/// then, after update U, `at PAGE K NANOSECONDS` for each page and update (the monotonic clock,
/// which the two processes share) and `done`.
enum PageClients {
    static func run(base: String, streams: Int, updates: Int) async throws {
        guard let url = URL(string: base), let host = url.host, let port = url.port else {
            throw BadAddress(address: base)
        }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let arrivals = Arrivals(streams: streams, updates: updates, loop: group.next())
        let request = ByteBuffer(string: browserRequest(host: "\(host):\(port)"))
        var channels: [any Channel] = []
        for stream in 0..<streams {
            let channel = try await ClientBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(
                            PageClient(stream: stream, request: request, arrivals: arrivals))
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

    /// The request a browser's `EventSource` makes for the home page's stream, headers and all
    /// (Chromium's): the server holds them for as long as the page is open.
    static func browserRequest(host: String) -> String {
        [
            "GET /events?screen=home HTTP/1.1", "Host: \(host)", "Connection: keep-alive",
            "Accept: text/event-stream", "Cache-Control: no-cache",
            "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
            "Referer: http://\(host)/", "Accept-Encoding: gzip, deflate, br", "Accept-Language: en-US,en;q=0.9",
        ].map { $0 + "\r\n" }.joined() + "\r\n"
    }

    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    struct BadAddress: Error, CustomStringConvertible {
        let address: String
        var description: String { "not an address with a host and a port: \(address)" }
    }
}
