import NIOCore

/// Closes a connection that has not sent the headers of its first request within `timeout`:
/// one that sends nothing, or only part of its headers, cannot hold a connection. It reads the
/// bytes as they come, ahead of the HTTP decoder, and leaves the pipeline at the first blank
/// line (`\r\n\r\n`); from there the HTTP connection's own idle timeout, or a live page's
/// heartbeat, takes over. Until then the connection is in `waiting`, where the connection limit
/// finds the connections it may close to make room, and it closes when the server shuts down: it
/// has no request under way (a browser opens spare connections ahead of its requests), and the
/// HTTP handlers that would close it are not in its pipeline yet, so it would otherwise hold the
/// server's shutdown until its timeout.
final class HeadersTimeout: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private let timeout: TimeAmount
    private let waiting: WaitingConnections
    private var ticket: Int?
    private var closing: Scheduled<Void>?
    /// The last bytes read, up to three: a blank line split across two reads is found.
    private var tail: [UInt8] = []

    init(timeout: TimeAmount, waiting: WaitingConnections) {
        self.timeout = timeout
        self.waiting = waiting
    }

    func handlerAdded(context: ChannelHandlerContext) {
        ticket = waiting.add(context.channel)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        closing = context.eventLoop.scheduleTask(in: timeout) { loopBound.value.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        closing?.cancel()
        closing = nil
        if let ticket { waiting.remove(ticket) }
        ticket = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        let seen = tail + bytes.readableBytesView
        tail = Array(seen.suffix(3))
        context.fireChannelRead(data)
        if seen.firstRange(of: Self.blankLine) != nil {
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ChannelShouldQuiesceEvent else { return context.fireUserInboundEventTriggered(event) }
        context.close(promise: nil)
    }

    private static let blankLine: [UInt8] = Array("\r\n\r\n".utf8)
}
