import NIOConcurrencyHelpers
import NIOCore
import NIOWebSocket

/// An open page's end of its hub: the hub hands it events, and it writes them straight to the
/// page's WebSocket connection, on the connection's event loop, with no task of its own.
///
/// It sits in the connection's pipeline just before the WebSocket frame encoder, and writes each
/// event's bytes there: they are already a whole frame, made once for every page (see
/// ``LiveEvent``), so a page's write goes to the socket without passing through the handlers
/// above. From there it also watches the connection: it writes what waits as soon as the
/// connection can take it again, closes it when the client closes its side, and stops when it
/// goes away.
///
/// Until the page is in its connection's pipeline, and while its connection cannot take more
/// (its client reads slowly), events wait. A fragment replaces the part with its id, so only the
/// newest fragment of each part waits, whole (an edit edits a part the page may never have been
/// written): however far a page falls behind, it holds at most one fragment per part, and what
/// it receives next is each part as it is now. An edit goes as it is only to a page that has
/// been written everything before it. A connection that
/// stays unwritable is closed by ``SlowReaderGuard``, and its browser reconnects.
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

        /// Holds `events`, each replacing what waits of its part: whole, since the page may not
        /// have been written the part an edit edits.
        mutating func hold(_ events: [LiveEvent]) {
            for event in events where latest.updateValue(event.whole.bytes, forKey: event.part) == nil {
                order.append(event.part)
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

    private let state = NIOLockedValueBox(State())

    /// The pages' outputs alive in the process, so a test sees one never let go.
    static let instances = AliveCount()
    private let counted = instances.token()

    /// The event loop the page's connection runs on, once attached.
    var eventLoop: (any EventLoop)? { state.withLockedValue { $0.channel?.eventLoop } }

    /// Starts writing to `channel`, a WebSocket connection, with the guard `guarding` makes
    /// beside it (none when the connection has one: a page that moved to another address on
    /// it); what waits is written at once. A connection without a WebSocket frame encoder is
    /// closed.
    func attach(_ channel: any Channel, guarding: (@Sendable () -> SlowReaderGuard)?) {
        let isFinished = state.withLockedValue { state in
            state.channel = channel
            return state.isFinished
        }
        guard !isFinished else { return }
        // On the loop, after the upgrade's own writes; a page finished meanwhile stays out.
        channel.eventLoop.execute { [self] in
            guard !self.isFinished else { return }
            do {
                let pipeline = channel.pipeline.syncOperations
                let encoder = try pipeline.handler(type: WebSocketFrameEncoder.self)
                if let guarding { try pipeline.addHandler(guarding(), position: .before(encoder)) }
                try pipeline.addHandler(self, position: .before(encoder))
                deliver([])
            } catch {
                finish()
                channel.close(promise: nil)
            }
        }
    }

    /// Writes `events`, after what waits, if the connection can take them; holds them
    /// otherwise. Off the connection's event loop (a page attached after its hub looked, see
    /// ``deliver(_:to:)``), it goes to that loop first: the pipeline is touched there only.
    func deliver(_ events: [LiveEvent]) {
        let step = state.withLockedValue { state -> Step in
            guard !state.isFinished else { return .none }
            // The channel is set before the page is in its pipeline: with none, nothing is written.
            if let loop = state.channel?.eventLoop, !loop.inEventLoop { return .elsewhere(loop) }
            guard let context = state.context?.value, context.channel.isWritable else {
                state.hold(events)
                return .none
            }
            if state.order.isEmpty {
                // What every page does nearly always: nothing waits, so the events go as they
                // are, without an array of their bytes per page.
                return events.isEmpty ? .none : .write(context, LiveEvent.joined(events.lazy.map(\.bytes)))
            }
            state.hold(events)
            return .write(context, state.takeWaiting())
        }
        switch step {
        case .write(let context, let bytes): context.writeAndFlush(NIOAny(bytes), promise: nil)
        case .elsewhere(let loop): loop.execute { self.deliver(events) }
        case .none: break
        }
    }

    /// What a delivery does once it has looked at the page: write, go to the page's loop, or
    /// nothing more.
    private enum Step {
        case write(ChannelHandlerContext, ByteBuffer)
        case elsewhere(any EventLoop)
        case none
    }

    /// Hands `events` to `outputs`: one task on each event loop writes them to all of that
    /// loop's pages, instead of a task and a wake-up per page. A page not attached yet holds them.
    static func deliver(_ events: [LiveEvent], to outputs: [LiveOutput]) {
        var byLoop: [ObjectIdentifier: (loop: any EventLoop, outputs: [LiveOutput])] = [:]
        for output in outputs {
            guard let loop = output.eventLoop else {
                output.deliver(events)
                continue
            }
            byLoop[ObjectIdentifier(loop), default: (loop, [])].outputs.append(output)
        }
        for (loop, outputs) in byLoop.values {
            loop.execute {
                for output in outputs { output.deliver(events) }
            }
        }
    }

    /// How many parts wait to be written.
    var waiting: Int { state.withLockedValue { $0.order.count } }

    /// Whether the page has ended.
    var isFinished: Bool { state.withLockedValue { $0.isFinished } }

    /// Ends the page: nothing more is written, and it leaves the connection's pipeline.
    func finish() {
        let channel = state.withLockedValue { state in
            defer { state.isFinished = true }
            return state.isFinished ? nil : state.channel
        }
        if let channel, channel.isActive { channel.pipeline.removeHandler(self, promise: nil) }
    }

    // MARK: - In the connection's pipeline

    func handlerAdded(context: ChannelHandlerContext) {
        state.withLockedValue { $0.context = NIOLoopBound(context, eventLoop: context.eventLoop) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        state.withLockedValue { $0.context = nil }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { deliver([]) }
        context.fireChannelWritabilityChanged()
    }

    /// A client that closes its side has left the page: the connection closes, which ends the
    /// page's socket (the WebSocket layer would otherwise wait on a half-closed connection).
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        context.fireUserInboundEventTriggered(event)
        guard case .inputClosed? = event as? ChannelEvent else { return }
        finish()
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }
}
