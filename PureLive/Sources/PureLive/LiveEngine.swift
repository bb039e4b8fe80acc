import Foundation
import Hummingbird
import Logging
import NIOConcurrencyHelpers

/// Live pages over WebSockets, for any app: a screen declares its page at an address, and the
/// engine serves it there twice over. A plain `GET` gets the whole page; the page's script (the
/// engine's own, at ``script(at:on:)``) opens a WebSocket at the same address, and from then on
/// every change of a part the page shows arrives over it, rendered once for every open page of
/// that address. A page that loses its socket reconnects by itself, with back-off and jitter,
/// says on the page that it is offline meanwhile, and gets every part afresh when it is back.
///
/// A WebSocket is not one of the browser's six HTTP/1.1 connections per host, so any number of
/// tabs stay live and every click still gets a connection. Every page also works without the
/// script: its forms post and load pages as usual.
///
/// ```swift
/// let live = LiveEngine()
/// let home = LiveParts(store: appState, page: HomeParts())
/// live.page("/", on: router) { _ in home }
/// live.script(at: "/live.js", on: router)
/// let app = Application(router: router, server: live.server(allowsHost: { $0 == "127.0.0.1:8080" }))
/// ```
public final class LiveEngine: Sendable {
    typealias Open = @Sendable (LiveRequest) async throws -> any LiveScreen

    let hubs: LiveHubs
    let counts = LiveCounts()
    /// The connections still to send their first request's headers (see `ConnectionLimit`).
    let waiting: WaitingConnections
    let limits: LiveLimits
    let logger: Logger
    /// The live addresses' patterns, how each opens its screen, and the hosts it answers to
    /// besides the server's own check (`nil`: every host the server allows), as declared.
    let pages = NIOLockedValueBox<[(path: String, open: Open, allowsHost: (@Sendable (String) -> Bool)?)]>([])

    /// An engine within `limits`, logging to `logger`.
    public init(limits: LiveLimits = LiveLimits(), logger: Logger = Logger(label: "pure.live")) {
        self.limits = limits
        self.logger = logger
        hubs = LiveHubs(
            heartbeat: limits.heartbeat, counts: counts, kept: limits.screenKept, mostKept: limits.mostScreensKept)
        waiting = WaitingConnections(
            most: ConnectionLimit.mostWaiting(under: limits.maxConnections),
            mostSockets: ConnectionLimit.mostSockets(under: limits.maxConnections))
    }

    /// How many live pages are open right now.
    public var openPages: Int { counts.openPages }

    /// How many live pages opened since the engine started, one per socket: a page that moves to
    /// another address of itself over its socket (see ``page(_:on:allowsHost:_:)``) opens none.
    public var pagesOpened: Int { counts.opened }

    /// How many addresses have a live page open (each has one hub).
    public var openAddresses: Int { hubs.count }

    /// How many hubs' watchers are running: one per address with a page open, and one for a
    /// moment after its last page closed.
    public var runningWatchers: Int { counts.runningWatchers }

    /// How many addresses' screens are held for their sockets (opened, or being opened).
    public var heldScreens: Int { hubs.heldScreens }

    /// How many connections were closed because their client stopped reading.
    public var droppedReaders: Int { counts.dropped }

    /// Serves the screen `open` makes at `path` (a router pattern, `/people/:id`): a `GET` gets
    /// its whole page, and a WebSocket at the same address keeps the page's parts live. The
    /// pages of one address share one screen: a `GET` or a socket for an address with a page
    /// open, or with a request or socket being answered, uses its screen without calling `open`,
    /// so what `open` does (a read, a use case) runs once however many pages of the address
    /// load or reconnect at once, and the page, rendered once per change, is written as it is.
    /// A `GET`'s screen is kept for ``LiveLimits/screenKept`` after it, for the page's socket.
    /// A page that goes to another address of the same pattern with the same path (another
    /// query) moves there over its socket: that address is opened as any other, and the old one
    /// is let go with its last page.
    /// An error `open` throws is the `GET`'s answer, and refuses the socket. Declare pages
    /// before making the ``server(allowsHost:)``.
    ///
    /// `router` may be a group with middleware of its own. A page that only some hosts may see
    /// (a tool for this machine alone) says which in `allowsHost`: its `GET` for another host is
    /// answered 421 Misdirected Request and its socket's upgrade refused, on top of the server's
    /// own check.
    ///
    /// ```swift
    /// live.page("/tools", on: router, allowsHost: { $0 == "localhost:8080" }) { _ in tools }
    /// ```
    public func page<Context: RequestContext>(
        _ path: String, on router: some RouterMethods<Context>,
        allowsHost: (@Sendable (String) -> Bool)? = nil,
        _ open: @escaping @Sendable (LiveRequest) async throws -> any LiveScreen
    ) {
        pages.withLockedValue { pages in
            pages.removeAll { $0.path == path }
            pages.append((path, open, allowsHost))
        }
        router.get(RouterPath(path)) { request, context in
            if let allowsHost, !allowsHost(request.head.authority ?? "") { throw HTTPError(.misdirectedRequest) }
            let live = LiveRequest(uri: request.uri, parameters: context.parameters)
            let shared = try await self.hubs.screen(for: live.address) { try await open(live) }
            self.hubs.keep(shared, at: live.address)
            return Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: shared.screen.page())))
        }
    }

    /// Serves the engine's client script at `path`. A live page loads it (`<script src>`) and
    /// marks its body with its own address: `<body data-live="/people/p1">`. A browser keeps
    /// it and asks each time whether it changed (`no-cache` and an `ETag` of its content): the
    /// answer is a 304 with no body until the engine's script changes.
    public func script<Context: RequestContext>(at path: String, on router: Router<Context>) {
        let script = ByteBuffer(string: Self.clientScript)
        let tag = Self.clientScriptTag
        router.get(RouterPath(path)) { request, _ in
            let headers: HTTPFields = [
                .contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache", .eTag: tag,
            ]
            // Compared weakly, as RFC 9110 has If-None-Match compared: a `W/` before a tag is no
            // difference.
            let asked = request.headers[values: .ifNoneMatch].flatMap { $0.split(separator: ",") }.map {
                let held = $0.trimmingCharacters(in: .whitespaces)
                return held.hasPrefix("W/") ? String(held.dropFirst(2)) : held
            }
            if asked.contains(where: { ["*", tag].contains($0) }) {
                return Response(status: .notModified, headers: headers)
            }
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: script))
        }
    }

    /// The client script's `ETag`: its bytes' 64-bit FNV-1a hash, quoted. Not a secret, only a
    /// name that changes with the script.
    static let clientScriptTag: String = {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in clientScript.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return "\"" + String(hash, radix: 16) + "\""
    }()

    /// The client script, as shipped in the module.
    static let clientScript: String = {
        guard let url = Bundle.module.url(forResource: "live", withExtension: "js"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return "console.error('pure: the live script is missing from the installation');" }
        return text
    }()
}
