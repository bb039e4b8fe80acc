import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing

@testable import PureLive

/// A page of one live part, a count: what the tests over real connections serve.
struct CountPage: LivePage {
    let count = LivePart(id: "count", reads: \Int.self, render: { $0 }) { "<b id=\"count\">\($0)</b>" }

    func page(_ state: Int) -> String { "<body data-live=\"/\">\(count.component(state))</body>" }
}

/// A real server for `router` and `live` on a free loopback port, for tests over real
/// connections: `body` gets the port. The server is stopped, and its end waited for, whatever
/// `body` did: no test leaves one running behind it.
func withServer(
    _ live: LiveEngine, router: Router<BasicRequestContext>, _ body: (_ port: Int) async throws -> Void
) async throws {
    let (ports, port) = AsyncStream.makeStream(of: Int.self)
    let app = Application(
        router: router, server: live.server(allowsHost: { _ in true }),
        configuration: .init(
            address: .hostname("127.0.0.1", port: 0), availableConnectionsDelegate: live.connectionLimit),
        onServerRunning: { port.yield($0.localAddress?.port ?? 0) })
    let server = Task { try await app.runService(gracefulShutdownSignals: []) }
    var started = ports.makeAsyncIterator()
    do {
        let bound = try #require(await started.next())
        try await body(bound)
    } catch {
        server.cancel()
        _ = await server.result
        throw error
    }
    server.cancel()
    _ = await server.result
}

/// A raw connection to a test server: sends bytes as they are, and reads what comes back.
struct RawConnection {
    let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>

    /// Connects to `port` on the loopback.
    static func open(port: Int) async throws -> RawConnection {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.allowRemoteHalfClosure, value: true)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return RawConnection(channel: channel)
    }

    /// Sends `bytes`, then reads until the server closes the connection: everything it sent,
    /// followed by "(still open)" if it had not closed it within `limit`.
    func exchange(_ bytes: [UInt8], limit: TimeAmount = .seconds(10)) async throws -> String {
        let gaveUp = NIOLockedValueBox(false)
        let giveUp = channel.channel.eventLoop.scheduleTask(in: limit) { [channel] in
            gaveUp.withLockedValue { $0 = true }
            channel.channel.close(promise: nil)
        }
        defer { giveUp.cancel() }
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(bytes: bytes))
            var answer = ByteBuffer()
            do {
                for try await var part in inbound { answer.writeBuffer(&part) }
            } catch {}
            return String(buffer: answer) + (gaveUp.withLockedValue { $0 } ? "(still open)" : "")
        }
    }
}

extension RawConnection {
    /// A WebSocket upgrade of `path` on `port`, as a browser asks for one.
    static func upgrade(_ path: String, port: Int) -> String {
        [
            "GET \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Origin: http://127.0.0.1:\(port)",
            "Connection: Upgrade", "Upgrade: websocket", "Sec-WebSocket-Version: 13",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        ].map { $0 + "\r\n" }.joined() + "\r\n"
    }

    /// A client's close frame (status 1000), masked as a client's frames are.
    static let closeFrame: [UInt8] = [0x88, 0x82, 1, 2, 3, 4, 0x03 ^ 1, 0xE8 ^ 2]

    /// Opens a live page's socket at `path` as a browser does, reads until the page's first
    /// message has come, and leaves (when its task is cancelled, if `staying`): with a close
    /// frame first if `closing`, else by closing the connection. Whether the socket was upgraded.
    static func visit(_ path: String, port: Int, closing: Bool, staying: Bool = false) async throws -> Bool {
        try await open(port: port).channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: upgrade(path, port: port)))
            var seen: [UInt8] = []
            var reading = inbound.makeAsyncIterator()
            while let bytes = try await reading.next() {
                seen += bytes.readableBytesView
                // The 101's head, then a frame: its two bytes of header at least.
                if let end = seen.firstRange(of: Array("\r\n\r\n".utf8)), seen.count - end.upperBound >= 2 { break }
            }
            while staying, !Task.isCancelled, (try? await reading.next()) != nil {}
            if closing { try await outbound.write(ByteBuffer(bytes: closeFrame)) }
            return seen.starts(with: Array("HTTP/1.1 101 ".utf8))
        }
    }
}

/// A connection held open by a test: what the server sent so far, and whether it closed it.
final class HeldConnection: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer

    private let state = NIOLockedValueBox((received: "", isClosed: false))
    private let channel = NIOLockedValueBox<(any Channel)?>(nil)

    /// Connects to `port` on the loopback and sends `request`, if any.
    static func open(port: Int, sending request: String? = nil) async throws -> HeldConnection {
        let held = HeldConnection()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(held) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        held.channel.withLockedValue { $0 = channel }
        if let request { try await channel.writeAndFlush(ByteBuffer(string: request)) }
        return held
    }

    /// What the server sent so far.
    var received: String { state.withLockedValue { $0.received } }

    /// Whether the server closed the connection.
    var isClosed: Bool { state.withLockedValue { $0.isClosed } }

    /// Waits up to `limit` for `condition` to hold; whether it did.
    func wait(upTo limit: Duration = .seconds(10), for condition: (HeldConnection) -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while !condition(self), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        return condition(self)
    }

    /// Sends `bytes` as they are.
    func send(_ bytes: [UInt8]) async throws {
        try await channel.withLockedValue { $0 }?.writeAndFlush(ByteBuffer(bytes: bytes))
    }

    /// Closes the connection from this side.
    func close() async {
        try? await channel.withLockedValue { $0 }?.close()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        state.withLockedValue { $0.received += String(buffer: bytes) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        state.withLockedValue { $0.isClosed = true }
        context.fireChannelInactive()
    }
}
