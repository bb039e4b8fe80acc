import Logging
import NIOCore
import NIOHTTP1

/// Answers a connection whose first request cannot be parsed, and closes it: 431 when its head
/// is larger than the decoder takes, 400 for anything else (a byte no request line may hold, a
/// space in the path, a control byte in a header). The WebSocket upgrade that reads a first
/// request answers none of these itself: without this, such a connection would get no answer
/// and stay open for good, past the headers timeout, which has seen its blank line.
///
/// It sits behind the upgrade, where the HTTP decoder's errors reach it, and leaves the
/// pipeline with the first request that passes it (the upgrade is then decided, and the HTTP
/// connection answers a later request's errors itself).
final class UnparsableRequest: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    typealias OutboundOut = HTTPServerResponsePart

    private let logger: Logger

    /// Logs each request it answers to `logger`.
    init(logger: Logger) {
        self.logger = logger
    }

    /// The status that answers `error`.
    static func status(for error: HTTPParserError) -> HTTPResponseStatus {
        error == .headerOverflow ? .requestHeaderFieldsTooLarge : .badRequest
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        let status = Self.status(for: error)
        logger.notice("answered a request it could not read with \(status.code): \(error)")
        let head = HTTPResponseHead(
            version: .http1_1, status: status,
            headers: ["connection": "close", "content-length": "0"])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            // Told as a client that closed its side, the upgrade waiting for the request closes
            // the connection and ends its wait quietly (closed under it, it would log an error
            // for every such request); a close of our own follows in case it waits no more.
            loopBound.value.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
            loopBound.value.close(promise: nil)
        }
    }
}
