import NIOCore
import NIOHTTPTypes
import Synchronization

/// An open page's end of its screen's hub: the hub hands it events, and it writes them straight
/// to the page's connection, on the connection's event loop, with no task of its own. Each
/// event carries the number of the change it shows (the event's `id:`).
///
/// Until the page's response has started, and while its connection cannot take more (its client
/// reads slowly), events wait. A fragment replaces the part with its id, so only the newest
/// fragment of each part waits: however far a page falls behind, it holds at most one fragment
/// per part, and what it receives next is each part as it is now. A connection that stays
/// unwritable is closed by `SlowReaderGuard`, and its browser reconnects.
///
/// Once attached it also watches the connection from inside its pipeline: it writes what waits
/// as soon as the connection can take it again, and ends the page when the client closes its
/// side or the connection goes away. Watching costs a handler, not a task: an open page holds
/// only its request's task, waiting.
final class LiveOutput: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = NIOAny

    private struct State {
        var channel: (any Channel)?
        var order: [String] = []
        var latest: [String: LiveEvent] = [:]
        var isFinished = false
        var closed: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// The event loop the page's connection runs on, once attached.
    var eventLoop: (any EventLoop)? { state.withLock { $0.channel?.eventLoop } }

    /// Starts writing to `channel`, after what the response wrote so far, then waits until the
    /// page closes: its client goes away, the hub or the server closes it.
    func attach(_ channel: any Channel) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let isFinished = state.withLock { state in
                    state.channel = channel
                    state.closed = continuation
                    return state.isFinished
                }
                guard !isFinished else { return finish() }
                channel.pipeline.addHandler(self, position: .first).whenComplete { [self] added in
                    // Either writes what waits, on the loop, or the connection had closed already.
                    if case .success = added { deliver([]) } else { finish() }
                }
            }
        } onCancel: {
            finish()
        }
    }

    /// Queues `events` and writes what waits, if the connection can take it. Call on the
    /// connection's event loop (the hub batches the pages of one loop into one task).
    func deliver(_ events: [LiveEvent]) {
        let ready = state.withLock { state -> (any Channel, ByteBuffer)? in
            guard !state.isFinished else { return nil }
            for event in events where state.latest.updateValue(event, forKey: event.fragment.id) == nil {
                state.order.append(event.fragment.id)
            }
            guard let channel = state.channel, channel.isWritable, !state.order.isEmpty else { return nil }
            let waiting = state.order.compactMap { state.latest[$0] }
            state.order.removeAll(keepingCapacity: true)
            state.latest.removeAll(keepingCapacity: true)
            return (channel, LiveEvent.joined(waiting))
        }
        guard let (channel, bytes) = ready else { return }
        channel.writeAndFlush(HTTPResponsePart.body(bytes), promise: nil)
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

    // MARK: - Watching the connection

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
