import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// A server connection: HTTP/1.1 that upgrades the live pages' WebSockets, with a limit on how
/// long it may take to send its first request's headers (see ``HeadersTimeout``), and an answer
/// to a first request that cannot be parsed (see ``UnparsableRequest``). The upgrading channel
/// applies its idle timeout only once a first request has come, and answers no error of the
/// first request's, so a connection that never sends one, or sends one it cannot read, would
/// otherwise stay open.
///
/// Each connection reads into a buffer that starts at ``receiveBuffer``'s 512 bytes, not NIO's
/// 2 KiB: the connection keeps its last buffer between reads, and an open page's socket receives
/// only short frames, so every open page would otherwise hold 2 KiB it never fills. A longer
/// request is read in more than one read, and the buffer grows for the next one.
struct LiveServerChannel: ServerChildChannel {
    let upgrading: HTTP1WebSocketUpgradeChannel
    let headersTimeout: TimeAmount
    let waiting: WaitingConnections

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1WebSocketUpgradeChannel.Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.syncOptions?.setOption(.recvAllocator, value: Self.receiveBuffer)
            try channel.pipeline.syncOperations.addHandler(HeadersTimeout(timeout: headersTimeout, waiting: waiting))
        }.flatMap {
            upgrading.setup(channel: channel, logger: logger)
        }.flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(UnparsableRequest(logger: logger))
            return value
        }
    }

    /// How each connection sizes the buffer it reads into (and keeps between reads): 512 bytes at
    /// first, as little as 64 after short reads, up to 64 KiB after long ones.
    static let receiveBuffer = AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 512, maximum: 65_536)

    func handle(value: HTTP1WebSocketUpgradeChannel.Value, logger: Logger) async {
        await upgrading.handle(value: value, logger: logger)
    }
}
