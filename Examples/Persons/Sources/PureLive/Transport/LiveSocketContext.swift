import Hummingbird
import HummingbirdWebSocket
import NIOCore
import Synchronization

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

    /// A screen handed from the upgrade's check to its socket, once.
    final class Opened: Sendable {
        private let screen = Mutex<(any LiveScreen)?>(nil)

        func hold(_ opened: any LiveScreen) { screen.withLock { $0 = opened } }

        func take() -> (any LiveScreen)? { screen.withLock { $0.take() } }
    }
}
