import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import PersonsTestSupport
import PersonsVessel
import ServiceLifecycle

@testable import PersonsWeb

/// The real server (`PersonsWebServer.application`, with its limits) on a free port of
/// 127.0.0.1, for as long as `body` runs.
func withRunningServer<Value: Sendable>(
    _ server: PersonsWebServer, running vessel: Vessel? = nil, _ body: @Sendable (_ port: Int) async throws -> Value
) async throws -> Value {
    let (addresses, address) = AsyncStream.makeStream(of: Int.self)
    let app = server.application(host: "127.0.0.1", port: 0) { started in
        address.yield(Int(started.split(separator: ":").last ?? "") ?? 0)
    }
    // The vessel's background work (the list query, the syncs asked for) beside the server, as
    // `pure serve` runs them.
    let services = ServiceGroup(services: [app] + (vessel.map { [$0] } ?? []), logger: Logger(label: "test"))
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            // A server that cannot start ends the wait for its port instead of leaving it hanging.
            defer { address.finish() }
            try await services.run()
        }
        var ports = addresses.makeAsyncIterator()
        guard let port = await ports.next() else {
            try await group.waitForAll()
            throw ServerDidNotStart()
        }
        do {
            let value = try await body(port)
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
            return value
        } catch {
            await services.triggerGracefulShutdown()
            throw error
        }
    }
}

/// The server's services ended before it listened on a port.
struct ServerDidNotStart: Error {}

/// A TCP connection to the server that sends bytes by hand and may stop reading: for
/// half-sent requests, idle connections and clients that do not read.
struct RawConnection: Sendable {
    let channel: any Channel
    private let received: Received

    /// Connects to 127.0.0.1:`port`. Without `reading` nothing is read from the socket, so
    /// what the server sends piles up; `receiveBuffer` shrinks the socket's receive buffer.
    static func open(port: Int, reading: Bool = true, receiveBuffer: Int? = nil) async throws -> RawConnection {
        let received = Received()
        var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.autoRead, value: reading)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Inbox(received))
                }
            }
        if let receiveBuffer {
            bootstrap = bootstrap.channelOption(.socketOption(.so_rcvbuf), value: SocketOptionValue(receiveBuffer))
        }
        let channel = try await bootstrap.connect(host: "127.0.0.1", port: port).get()
        return RawConnection(channel: channel, received: received)
    }

    func send(_ text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text)).get()
    }

    /// Reads nothing more: what the server sends from now on piles up, in the socket's buffers
    /// and then in the server's.
    func stopReading() async throws {
        try await channel.setOption(ChannelOptions.autoRead, value: false).get()
    }

    /// Sends `text` as a WebSocket text message (under 126 bytes), masked as a browser's is.
    func sendMessage(_ text: String) async throws {
        let (payload, mask): ([UInt8], [UInt8]) = (Array(text.utf8), [3, 5, 7, 11])
        let frame = [0x81, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $1 ^ mask[$0 % 4] }
        try await channel.writeAndFlush(ByteBuffer(bytes: frame)).get()
    }

    /// Everything the server sent, once it has closed the connection; `nil` if it is still
    /// open after `timeout`.
    func readUntilClosed(timeout: Duration) async throws -> String? {
        try await poll(timeout: timeout) { received.ifClosed }
    }

    /// What the server has sent so far, once it has sent anything; `nil` if nothing came within
    /// `timeout`.
    func firstBytes(timeout: Duration) async throws -> String? {
        try await poll(timeout: timeout) { received.text }
    }

    /// The bytes the server has sent so far.
    var bytes: [UInt8] { received.bytes }

    /// Whether the server has closed the connection.
    var isClosed: Bool { received.isClosed }

    /// `read()` once it gives something, checked every 10 ms; `nil` after `timeout`.
    func poll<Value>(timeout: Duration, _ read: () -> Value?) async throws -> Value? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            if let text = read() { return text }
            try await Task.sleep(for: .milliseconds(10))
        }
        return read()
    }

    func close() async {
        try? await channel.close()
    }

    /// What the socket read so far, and whether the connection is closed.
    private final class Received: Sendable {
        private let state = NIOLockedValueBox((bytes: [UInt8](), isClosed: false))

        func append(_ buffer: ByteBuffer) { state.withLockedValue { $0.bytes += buffer.readableBytesView } }
        func close() { state.withLockedValue { $0.isClosed = true } }
        var ifClosed: String? {
            state.withLockedValue { $0.isClosed ? String(decoding: $0.bytes, as: UTF8.self) : nil }
        }
        var text: String? {
            state.withLockedValue { $0.bytes.isEmpty ? nil : String(decoding: $0.bytes, as: UTF8.self) }
        }
        /// A copy in storage of its own: a copy sharing the socket's buffer was read while the
        /// next read appended to it (ThreadSanitizer saw it, in CI).
        var bytes: [UInt8] { state.withLockedValue { $0.bytes.withUnsafeBufferPointer { Array($0) } } }
        var isClosed: Bool { state.withLockedValue { $0.isClosed } }
    }

    /// Hands what the socket reads to `received`, and marks it when the connection closes.
    private final class Inbox: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let received: Received

        init(_ received: Received) {
            self.received = received
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            received.append(unwrapInboundIn(data))
        }

        func channelInactive(context: ChannelHandlerContext) {
            received.close()
            context.fireChannelInactive()
        }
    }
}
