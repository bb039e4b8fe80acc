import Hummingbird
import HummingbirdWebSocket
import NIOConcurrencyHelpers
import NIOCore

/// The request context of a live page's WebSocket upgrade: the connection, and the screen the
/// upgrade opened, handed from the upgrade's check to the socket.
///
/// Hummingbird's WebSocket router keeps the socket's handler, together with this context, in
/// the ``webSocket`` reference the context itself holds: a cycle, which would keep every
/// upgraded connection's context, and with it the connection, for as long as the process runs.
/// The context holds that reference through a ``Socket`` it empties when its connection
/// closes, whatever became of the upgrade, which ends the cycle.
struct LiveSocketContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection: the page's hub writes to it directly.
    let channel: any Channel
    /// The screen the upgrade opened, until the socket takes it.
    let opened = Opened()
    private let socket: Socket

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
        let socket = Socket()
        self.socket = socket
        source.channel.closeFuture.whenComplete { _ in socket.release() }
    }

    var webSocket: WebSocketHandlerReference<Self> { socket.reference.withLockedValue { $0 } }

    /// A screen handed from the upgrade's check to its socket, once. Held until then, so that
    /// the address's other sockets share it (see ``LiveHubs``); let go with the context if the
    /// socket never comes.
    final class Opened: Sendable {
        private let screen = NIOLockedValueBox<SharedScreen?>(nil)

        func hold(_ opened: SharedScreen) { screen.withLockedValue { $0 = opened } }

        func take() -> SharedScreen? { screen.withLockedValue { $0.take() } }
    }

    /// Where the context keeps the router's reference to the socket's handler, until its
    /// connection closes.
    final class Socket: Sendable {
        let reference = NIOLockedValueBox(WebSocketHandlerReference<LiveSocketContext>())
        /// The contexts of live sockets alive in the process, so a test sees one never let go.
        static let instances = AliveCount()
        private let counted = instances.token()

        /// Lets the router's reference go (a new, empty one takes its place), and with it the
        /// handler and the context it holds.
        func release() {
            reference.withLockedValue { $0 = WebSocketHandlerReference() }
        }
    }
}
