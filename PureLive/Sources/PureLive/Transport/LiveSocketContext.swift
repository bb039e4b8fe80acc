import Hummingbird
import HummingbirdWebSocket
import NIOConcurrencyHelpers
import NIOCore

/// The request context of a live page's WebSocket upgrade: the connection, and the screen the
/// upgrade opened, handed from the upgrade's check to the socket.
struct LiveSocketContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    /// The connection: the page's hub writes to it directly.
    let channel: any Channel
    /// The screen the upgrade opened, until the socket takes it.
    let opened = Opened()

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }

    /// A screen handed from the upgrade's check to its socket, once. Held until then, so that
    /// the address's other sockets share it (see ``LiveHubs``); let go with the context if the
    /// socket never comes.
    final class Opened: Sendable {
        private let screen = NIOLockedValueBox<SharedScreen?>(nil)

        func hold(_ opened: SharedScreen) { screen.withLockedValue { $0 = opened } }

        func take() -> SharedScreen? { screen.withLockedValue { $0.take() } }
    }
}
