import BenchmarkSupport
import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// Clients that ask for pages as fast as the server answers, in a process of their own
/// (`WebBenchmark --load BASE --path PATH... --connections N --seconds S --rounds R`): `N`
/// kept-alive connections, each sending the next `GET` as soon as the last answer has come whole,
/// as `wrk` does, for `S` seconds a page. The pages take turns: `R` rounds, each asking for every
/// page in turn for `S / R` seconds, so that a machine that slows down or speeds up during the
/// run weighs on each page alike. Says on standard output, for each page in the order given,
/// `done ANSWERS P50 P99 MAX FAILED` (the answers counted, their latencies in microseconds, and
/// how many were not `200`).
enum LoadClients {
    static func run(base: String, paths: [String], connections: Int, seconds: Int, rounds: Int) async throws {
        let (host, port) = try PageClients.address(base)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        var latencies = [[Int]](repeating: [], count: paths.count)
        var failed = [Int](repeating: 0, count: paths.count)
        for _ in 0..<rounds {
            for (index, path) in paths.enumerated() {
                let request = ByteBuffer(
                    string: "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nAccept: text/html\r\n"
                        + "User-Agent: Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0.0.0 Safari/537.36\r\n\r\n")
                let (some, notOK) = try await turn(
                    asking: request, of: host, port: port, on: group, connections: connections,
                    nanoseconds: seconds * 1_000_000_000 / rounds)
                latencies[index] += some
                failed[index] += notOK
            }
        }
        let micro = { (value: Int) in String(value / 1_000) }
        for (some, notOK) in zip(latencies, failed) {
            let sorted = some.sorted()
            PageClients.say(
                "done \(sorted.count) \(micro(sorted.percentile(0.5))) \(micro(sorted.percentile(0.99))) "
                    + "\(micro(sorted.last ?? 0)) \(notOK)")
        }
        try await group.shutdownGracefully()
    }

    /// One page's turn: `connections` new connections asking `request` for `nanoseconds`; the
    /// latencies of their answers and how many were not `200`.
    private static func turn(
        asking request: ByteBuffer, of host: String, port: Int, on group: MultiThreadedEventLoopGroup,
        connections: Int, nanoseconds: Int
    ) async throws -> ([Int], Int) {
        let loop = group.next()
        let tally = LoadTally(connections: connections, loop: loop)
        let until = monotonicNanoseconds() + nanoseconds
        let watch = loop.scheduleTask(in: .nanoseconds(Int64(nanoseconds)) + StallWatch.interval) {
            tally.stall(asking: request)
        }
        defer { watch.cancel() }
        var channels: [any Channel] = []
        for _ in 0..<connections {
            let channel = try await ClientBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(
                            LoadConnection(request: request, until: until, tally: tally))
                    }
                }
                .connect(host: host, port: port).get()
            channels.append(channel)
        }
        let result = try await tally.finished()
        for channel in channels { try? await channel.close() }
        return result
    }
}

extension [Int] {
    /// The value at `fraction` of a sorted array (0 when empty).
    fileprivate func percentile(_ fraction: Double) -> Int {
        isEmpty ? 0 : self[Swift.min(count - 1, Int(Double(count - 1) * fraction))]
    }
}

/// Every connection's latencies, and when all of them are done.
final class LoadTally: Sendable {
    private let state = Mutex((latencies: [Int](), failed: 0, left: 0))
    private let done: EventLoopPromise<Void>
    private let connections: Int

    init(connections: Int, loop: any EventLoop) {
        self.connections = connections
        state.withLock { $0.left = connections }
        done = loop.makePromise()
    }

    /// A connection is done, with these latencies (nanoseconds) and answers other than `200`.
    func finished(_ latencies: [Int], failed: Int) {
        let last = state.withLock { state in
            state.latencies += latencies
            state.failed += failed
            state.left -= 1
            return state.left == 0
        }
        if last { done.succeed() }
    }

    /// Fails the wait when a connection has not come to its end (an answer after its turn, or
    /// its close) by now, naming the request and how many: called on the connections' loop, a
    /// turn's deadline (``StallWatch/interval`` after it ends).
    func stall(asking request: ByteBuffer) {
        let left = state.withLock { $0.left }
        guard left > 0 else { return }
        let line = String(buffer: request).split(whereSeparator: \.isNewline).first ?? ""
        done.fail(
            StallWatch.Stalled(
                description: "\(left) of \(connections) connections (\(line)) had no whole answer "
                    + "\(StallWatch.seconds) s after their turn ended"))
    }

    /// Waits for every connection; their latencies and failures.
    func finished() async throws -> ([Int], Int) {
        try await done.futureResult.get()
        return state.withLock { ($0.latencies, $0.failed) }
    }
}

/// One kept-alive connection asking for the page again and again until `until`. Made and used
/// on its event loop only.
final class LoadConnection: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let request: ByteBuffer
    private let until: Int
    private let tally: LoadTally
    private var received = ByteBuffer()
    private var sentAt = 0
    private var latencies: [Int] = []
    private var failed = 0
    private var isDone = false

    init(request: ByteBuffer, until: Int, tally: LoadTally) {
        (self.request, self.until, self.tally) = (request, until, tally)
    }

    func channelActive(context: ChannelHandlerContext) {
        send(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        received.writeBuffer(&bytes)
        while let (status, length) = Self.answer(in: received) {
            latencies.append(monotonicNanoseconds() - sentAt)
            if status != "200" { failed += 1 }
            received.moveReaderIndex(forwardBy: length)
            received.discardReadBytes()
            guard monotonicNanoseconds() < until else { return finish(context) }
            send(context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !isDone {
            failed += 1
            isDone = true
            tally.finished(latencies, failed: failed)
        }
        context.fireChannelInactive()
    }

    private func send(_ context: ChannelHandlerContext) {
        sentAt = monotonicNanoseconds()
        context.writeAndFlush(wrapOutboundOut(request), promise: nil)
    }

    private func finish(_ context: ChannelHandlerContext) {
        isDone = true
        tally.finished(latencies, failed: failed)
        context.close(promise: nil)
    }

    /// The status and whole length of the first answer in `buffer`, once it has come whole (its
    /// body as long as its `Content-Length` says).
    static func answer(in buffer: ByteBuffer) -> (status: Substring, length: Int)? {
        let view = buffer.readableBytesView
        guard let end = view.firstRange(of: Array("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: view[view.startIndex..<end.lowerBound], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        let status = lines.first?.split(separator: " ").dropFirst().first ?? ""
        let length =
            lines.dropFirst().lazy.compactMap { line -> Int? in
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                return Int(parts[1].trimmingCharacters(in: .whitespaces))
            }.first ?? 0
        let whole = end.upperBound - view.startIndex + length
        return view.count >= whole ? (status, whole) : nil
    }
}
