import NIOCore

/// Closes a connection whose client stops reading: once the bytes waiting to be sent pass the
/// channel's high-water mark it becomes unwritable, and if it stays so for `timeout` it is
/// closed. Without this a live page that never reads would hold its response open forever; with
/// it, the page's browser reconnects and gets its parts afresh.
///
/// It only watches inbound events, so the writes of every response pass it by.
final class SlowReaderGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let timeout: TimeAmount
    private let dropped: @Sendable () -> Void
    private var closing: Scheduled<Void>?

    /// `dropped` is called for each connection closed this way.
    init(timeout: TimeAmount, dropped: @escaping @Sendable () -> Void) {
        self.timeout = timeout
        self.dropped = dropped
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            closing?.cancel()
            closing = nil
        } else if closing == nil {
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            closing = context.eventLoop.scheduleTask(in: timeout) { [dropped] in
                dropped()
                loopBound.value.close(promise: nil)
            }
        }
        context.fireChannelWritabilityChanged()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        closing?.cancel()
        closing = nil
    }
}
