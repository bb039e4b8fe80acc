import NIOCore
import NIOHTTP1
import Synchronization

/// An open page's end of its screen's hub: the hub hands it events, and it writes them straight
/// to the page's connection, on the connection's event loop, with no task of its own. Each
/// event carries the number of the change it shows (the event's `id:`).
///
/// It sits in the connection's pipeline just before the HTTP/1 response encoder, and writes each
/// event's bytes there: they are already a chunk of the response body, framed once for every
/// page (see ``LiveEvent``), so a page's write goes to the socket without passing through the
/// handlers above. From there it also watches the connection: it writes what waits as soon as
/// the connection can take it again, and ends the page when the client closes its side or the
/// connection goes away. An open page holds only its request's task, waiting.
///
/// Until the page's response has started, and while its connection cannot take more (its client
/// reads slowly), events wait. A fragment replaces the part with its id, so only the newest
/// fragment of each part waits: however far a page falls behind, it holds at most one fragment
/// per part, and what it receives next is each part as it is now. A connection that stays
/// unwritable is closed by `SlowReaderGuard`, and its browser reconnects.
final class LiveOutput: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = NIOAny

    private struct State {
        var channel: (any Channel)?
        /// Where the page writes, once in the pipeline.
        var context: NIOLoopBound<ChannelHandlerContext>?
        /// The parts that wait, in the order they first arrived, and the newest bytes of each.
        var order: [String] = []
        var latest: [String: ByteBuffer] = [:]
        var isFinished = false
        var closed: CheckedContinuation<Void, Never>?

        /// Holds `events`, each replacing what waits of its part.
        mutating func hold(_ events: [LiveEvent]) {
            for event in events where latest.updateValue(event.bytes, forKey: event.fragment.id) == nil {
                order.append(event.fragment.id)
            }
        }

        /// Everything that waits, as one write, and nothing waits any more.
        mutating func takeWaiting() -> ByteBuffer {
            defer {
                order.removeAll(keepingCapacity: true)
                latest.removeAll(keepingCapacity: true)
            }
            return LiveEvent.joined(order.compactMap { latest[$0] })
        }
    }

    private let state = Mutex(State())

    /// The event loop the page's connection runs on, once attached.
    var eventLoop: (any EventLoop)? { state.withLock { $0.channel?.eventLoop } }

    /// Starts writing to `channel`, an HTTP/1 connection whose response head was written without
    /// a length (so its body is chunked), after what the response wrote so far; then waits until
    /// the page closes: its client goes away, the hub or the server closes it. A connection
    /// without an HTTP/1 response encoder ends the page at once.
    func attach(_ channel: any Channel) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let isFinished = state.withLock { state in
                    state.channel = channel
                    state.closed = continuation
                    return state.isFinished
                }
                guard !isFinished else { return finish() }
                // On the loop, after the writes the response made so far; a page finished
                // meanwhile stays out of the pipeline.
                channel.eventLoop.execute { [self] in
                    guard !state.withLock(\.isFinished) else { return }
                    do {
                        let pipeline = channel.pipeline.syncOperations
                        let encoder = try pipeline.handler(type: HTTPResponseEncoder.self)
                        try pipeline.addHandler(self, position: .before(encoder))
                        deliver([])
                    } catch {
                        finish()
                    }
                }
            }
        } onCancel: {
            finish()
        }
    }

    /// Writes `events`, after what waits, if the connection can take them; holds them
    /// otherwise. Call on the connection's event loop (the hub batches the pages of one loop into
    /// one task).
    func deliver(_ events: [LiveEvent]) {
        let ready = state.withLock { state -> (ChannelHandlerContext, ByteBuffer)? in
            guard !state.isFinished else { return nil }
            guard let context = state.context?.value, context.channel.isWritable else {
                state.hold(events)
                return nil
            }
            if state.order.isEmpty {
                // What every page does nearly always: nothing waits, so the events go as they
                // are, without an array of their bytes per page.
                return events.isEmpty ? nil : (context, LiveEvent.joined(events.lazy.map(\.bytes)))
            }
            state.hold(events)
            return (context, state.takeWaiting())
        }
        guard let (context, bytes) = ready else { return }
        context.writeAndFlush(NIOAny(bytes), promise: nil)
    }

    /// How many parts wait to be written.
    var waiting: Int { state.withLock { $0.order.count } }

    /// Ends the page: nothing more is written, it leaves the connection's pipeline, and
    /// ``attach(_:)`` returns.
    func finish() {
        let (channel, closed) = state.withLock { state in
            defer {
                state.isFinished = true
                state.closed = nil
            }
            return (state.isFinished ? nil : state.channel, state.closed)
        }
        if let channel, channel.isActive { channel.pipeline.removeHandler(self, promise: nil) }
        closed?.resume()
    }

    // MARK: - In the connection's pipeline

    func handlerAdded(context: ChannelHandlerContext) {
        state.withLock { $0.context = NIOLoopBound(context, eventLoop: context.eventLoop) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        state.withLock { $0.context = nil }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { deliver([]) }
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed? = event as? ChannelEvent { finish() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }
}
