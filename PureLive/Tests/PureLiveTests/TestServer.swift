import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing

@testable import PureLive

/// A real server for `router` and `live` on a free loopback port, for tests over real
/// connections: `body` gets the port. The server is stopped, and its end waited for, whatever
/// `body` did: no test leaves one running behind it.
func withServer(
    _ live: LiveEngine, router: Router<BasicRequestContext>, _ body: (_ port: Int) async throws -> Void
) async throws {
    let (ports, port) = AsyncStream.makeStream(of: Int.self)
    let app = Application(
        router: router, server: live.server(allowsHost: { _ in true }),
        configuration: .init(address: .hostname("127.0.0.1", port: 0)),
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
