import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import NIOConcurrencyHelpers
import NIOCore

extension LiveEngine {
    /// The HTTP/1.1 server for the app's router, which also upgrades a WebSocket at every live
    /// page's address. An upgrade is refused unless its `Host` is one `allowsHost` accepts and
    /// its `Origin`, when a browser sends one, is that same host: another site's page cannot
    /// read a live page (WebSockets are not bound by the same-origin policy). Every connection
    /// is closed when its client stops reading for ``LiveLimits/slowReaderTimeout``.
    ///
    /// ```swift
    /// Application(router: router, server: live.server(allowsHost: { $0 == "127.0.0.1:8080" }))
    /// ```
    public func server(allowsHost: @escaping @Sendable (String) -> Bool) -> HTTPServerBuilder {
        let router = Router(context: LiveSocketContext.self)
        for page in pages.withLockedValue({ $0 }) {
            let pageAllowsHost = page.allowsHost ?? { _ in true }
            router.ws(RouterPath(page.path)) { request, context in
                guard Self.isSameSite(request.head, allowsHost: { allowsHost($0) && pageAllowsHost($0) }) else {
                    context.logger.notice("refused a live socket from \(request.headers[.origin] ?? "no origin")")
                    return .dontUpgrade
                }
                // A live page works without its socket: one that would leave no connection for
                // requests is refused, and the page's script tries again later.
                guard self.waiting.holdSocket(of: context.channel) else {
                    context.logger.notice("refused a live socket: every place but those kept for requests is taken")
                    return .dontUpgrade
                }
                // The sockets of an address share its screen: `open` runs for the first of them
                // only, so a thousand pages reconnecting to one address at once open it once.
                let live = LiveRequest(uri: request.uri, parameters: context.parameters)
                context.opened.hold(try await self.hubs.screen(for: live.address) { try await page.open(live) })
                return .upgrade([:])
            } onUpgrade: { inbound, _, context in
                await self.serve(context.requestContext, at: context.request.uri, opening: page.open, until: inbound)
            }
        }
        let responder = router.buildResponder()
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(
                additionalChannelHandlers: [self.slowReaderGuard(), IdleConnection(waiting: self.waiting)],
                idleTimeout: .init(limits.idleTimeout)),
            // A page's socket carries nothing from the client but the addresses it moves to
            // (``patchLimit``) and control frames; the hub's heartbeat pings every page, so the
            // socket needs no ping task of its own.
            ws: .init(maxFrameSize: Self.patchLimit, autoPing: .disabled))
        let headersTimeout = TimeAmount(limits.idleTimeout)
        return HTTPServerBuilder { [waiting] appResponder in
            LiveServerChannel(
                upgrading: HTTP1WebSocketUpgradeChannel(
                    responder: appResponder, webSocketResponder: responder, configuration: configuration),
                headersTimeout: headersTimeout, waiting: waiting)
        }
    }

    /// The limit on connections open at once to give the application's configuration
    /// (``LiveLimits/maxConnections``), which connections that send nothing cannot fill (a
    /// quarter of it is kept for connections that have sent a request).
    ///
    /// ```swift
    /// ApplicationConfiguration(availableConnectionsDelegate: live.connectionLimit)
    /// ```
    public var connectionLimit: some AvailableConnectionsDelegate {
        ConnectionLimit(maximum: limits.maxConnections, logger: logger)
    }

    /// Opens a page of `address` in its hub, on the screen `opened` holds if the address has no
    /// hub yet. The screen is let go when this returns: a page of an open address keeps only
    /// its output, and the hub its one screen.
    @inline(never)
    private func open(_ opened: LiveSocketContext.Opened, at address: String) -> LiveOutput? {
        guard let screen = opened.take() else { return nil }
        let output = LiveOutput()
        counts.pageOpened()
        hubs.open(address, output, screen: screen)
        return output
    }

    /// The longest address a page moves to over its socket; the page's script loads a longer
    /// one at a socket of its own.
    static let patchLimit = 1 << 12

    /// A page of the address `uri` names, on the connection of `socket` (the upgrade's context,
    /// which holds the screen the upgrade opened): open in its hub until the client closes the
    /// socket or the connection goes (`inbound` ends). Each text the client sends is an address
    /// of the same page (same path, another query) that the page moves to, on this socket (see
    /// ``move(_:from:to:of:opening:on:)``).
    ///
    /// Every open page's task waits here for as long as the page is open, and keeps the frame
    /// of this function while it waits: it holds only what the wait needs. The work of a frame
    /// that comes is done in functions of their own, whose frames go when they return (the
    /// memory a page holds is measured by WebBenchmark, see BENCHMARKS.md).
    @inline(never)
    private func serve(
        _ socket: LiveSocketContext, at uri: URI, opening open: @escaping LiveEngine.Open,
        until inbound: WebSocketInboundStream
    ) async {
        let (live, channel) = (LiveRequest(uri: uri, parameters: socket.parameters), socket.channel)
        guard var output = self.open(socket.opened, at: live.address) else { return }
        var address = live.address
        output.attach(channel, guarding: slowReaderGuard)
        do {
            for try await frame in inbound {
                guard let text = Self.text(of: frame) else { continue }
                (output, address) = await move(output, from: address, to: text, of: live, opening: open, on: channel)
            }
        } catch {
            ended(output, at: address, by: error)
            return
        }
        ended(output, at: address, by: nil)
    }

    /// The text `frame` carries, if it is a whole one: an address comes in one frame (the page's
    /// script sends nothing longer than the frames the socket takes).
    @inline(never)
    private static func text(of frame: WebSocketDataFrame) -> String? {
        guard frame.opcode == .text, frame.fin else { return nil }
        return String(buffer: frame.data)
    }

    /// Closes the page `output` writes, a page of `address`, whose socket ended (by `error`, if
    /// one ended it).
    @inline(never)
    private func ended(_ output: LiveOutput, at address: String, by error: (any Error)?) {
        if let error { logger.debug("a live socket ended: \(error)") }
        hubs.close(address, output)
        counts.pageClosed()
    }

    /// Moves the page `output` writes, a page of `address`, to `text`, if it is an address of the
    /// page of `live` (see ``patch(_:of:)``; any other text is dropped), on the same `channel`:
    /// that address's screen is opened (`open`, or the one its pages share), the page leaves its
    /// hub for that address's, which sends every part after telling the page where it now is,
    /// and the old address's screen is let go with its hub's last page. The page's output and
    /// address afterwards: those of the address moved to, or the ones it had when it cannot be
    /// opened, and the page is sent the address to load as a whole.
    @inline(never)
    private func move(
        _ output: LiveOutput, from address: String, to text: String, of live: LiveRequest,
        opening open: @escaping LiveEngine.Open, on channel: any Channel
    ) async -> (LiveOutput, String) {
        guard let moved = Self.patch(text, of: live) else { return (output, address) }
        let screen: SharedScreen
        do {
            screen = try await hubs.screen(for: moved.address) { try await open(moved) }
        } catch {
            logger.debug("a live page could not move to \(moved.address): \(error)")
            LiveOutput.deliver([.load(text)], to: [output])
            return (output, address)
        }
        let next = LiveOutput()
        next.deliver([.moved(to: text)])
        hubs.close(address, output)
        hubs.open(moved.address, next, screen: screen)
        next.attach(channel, guarding: nil)
        return (next, moved.address)
    }

    /// The request of the address `text` names, if it is one the page of `live` can move to: the
    /// same path with another query, printable ASCII (as a browser's location has it), no
    /// fragment. The path's parameters stay the page's.
    static func patch(_ text: String, of live: LiveRequest) -> LiveRequest? {
        let path = live.uri.path
        guard text.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "#") }),
            text == path || text.hasPrefix(path + "?")
        else { return nil }
        return LiveRequest(uri: URI(text), parameters: live.parameters)
    }

    /// Makes the guard every connection gets.
    private var slowReaderGuard: @Sendable () -> SlowReaderGuard {
        { [limits, counts, logger] in
            SlowReaderGuard(timeout: .init(limits.slowReaderTimeout)) {
                counts.droppedReader()
                logger.notice("closed a connection whose client stopped reading")
            }
        }
    }

    /// Whether `head` comes from this site: a `Host` it answers to and, if it has an `Origin`,
    /// that same host. A browser always sends `Origin` with a WebSocket's upgrade.
    static func isSameSite(_ head: HTTPRequest, allowsHost: (String) -> Bool) -> Bool {
        guard let host = head.authority, allowsHost(host) else { return false }
        guard let origin = head.headerFields[.origin] else { return true }
        return origin == "http://\(host)" || origin == "https://\(host)"
    }
}
