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
struct LiveServerChannel: ServerChildChannel {
    let upgrading: HTTP1WebSocketUpgradeChannel
    let headersTimeout: TimeAmount
    let waiting: WaitingConnections

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1WebSocketUpgradeChannel.Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(HeadersTimeout(timeout: headersTimeout, waiting: waiting))
        }.flatMap {
            upgrading.setup(channel: channel, logger: logger)
        }.flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(UnparsableRequest(logger: logger))
            return value
        }
    }

    func handle(value: HTTP1WebSocketUpgradeChannel.Value, logger: Logger) async {
        await upgrading.handle(value: value, logger: logger)
    }
}
