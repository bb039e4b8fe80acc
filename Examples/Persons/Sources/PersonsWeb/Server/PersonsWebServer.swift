import Foundation
import Hummingbird
import Logging
import Persons
import PersonsShow
import PureLive

/// The Persons app's web screens, served by the app itself: pages rendered on the server from
/// the app state, kept live by the live engine (`PureLive`) over WebSockets.
///
/// ```swift
/// let server = try PersonsWebServer(service: vessel)
/// let app = server.application(host: "127.0.0.1", port: 8080) { address in print(address) }
/// try await app.runService()
/// ```
public struct PersonsWebServer: Sendable {
    private let service: any Serving
    private let limits: WebLimits
    /// The live engine: every live page's socket, hub and script.
    let live: LiveEngine
    private let inspector: Inspector?
    private let logger: Logger

    /// A server for `service` within `limits`, with the `/inspector` pages if given an
    /// `inspector`; checks that every page template parses.
    public init(
        service: any Serving, limits: WebLimits = WebLimits(), inspector: Inspector? = nil,
        logger: Logger = Logger(label: "pure.web")
    ) throws {
        try Shows.check()
        self.service = service
        self.limits = limits
        self.inspector = inspector
        live = LiveEngine(limits: limits.live, logger: logger)
        self.logger = logger
    }

    /// How many pages are live right now.
    public var openPages: Int { live.openPages }

    /// How many live pages opened since the server started, one per socket (a search moves its
    /// page over the socket it has, and opens none).
    public var pagesOpened: Int { live.pagesOpened }

    /// How many connections were closed because their client stopped reading.
    public var droppedReaders: Int { live.droppedReaders }

    /// The application serving the screens on `host`:`port` (0 for any free port). `started`
    /// receives the address once the server listens.
    public func application(
        host: String, port: Int, started: @escaping @Sendable (String) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let hosts = AllowedHosts(listeningOn: host, also: limits.allowedHosts)
        // The routes first: the live pages they declare are the addresses the server upgrades.
        let router = router(hosts: hosts)
        return Application(
            router: router,
            server: live.server { hosts.allows(authority: $0) },
            configuration: .init(
                address: .hostname(host, port: port), serverName: "pure",
                availableConnectionsDelegate: live.connectionLimit),
            onServerRunning: { channel in
                await started("http://\(host):\(channel.localAddress?.port ?? port)")
            },
            logger: logger
        )
    }

    /// Pages keep to their own scripts, styles, photos and forms and stay out of other sites'
    /// frames.
    static let contentSecurityPolicy: ContentSecurityPolicy = [
        .defaultSrc(.self), .imgSrc(.self, "data:"), .styleSrc(.self), .scriptSrc(.self),
        .connectSrc(.self), .formAction(.self), .frameAncestors(.none), .baseURI(.none),
    ]

    /// Every route (a live page's with its socket, see `LiveEngine`), behind the security headers
    /// (Hummingbird's `ContentSecurityMiddleware`, error pages included), the error pages, the
    /// host check and the origin check; a method an address does not take gets 405 with `Allow`.
    func router(hosts: AllowedHosts = AllowedHosts()) -> Router<WebContext> {
        // A HEAD is answered wherever a GET is, with the same headers and no body.
        let router = Router(context: WebContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: ContentSecurityMiddleware(contentSecurityPolicy: Self.contentSecurityPolicy))
        router.add(middleware: ErrorPages(logger: logger))
        router.add(middleware: HostCheck(hosts: hosts))
        router.add(middleware: OriginCheck())
        // The style sheet and the script, from memory, each kept by browsers for a year: their
        // address changes with their content.
        for asset in StaticAsset.all {
            let body = ByteBuffer(bytes: asset.content)
            let headers: HTTPFields = [.contentType: asset.contentType, .cacheControl: StaticAsset.cacheControl]
            router.get(RouterPath(asset.address)) { _, _ in
                Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
            }
        }
        live.script(at: SitePath.liveScript, on: router)
        HomeScreen.register(on: router, service: service, live: live)
        DetailScreen.register(on: router, service: service, live: live)
        EditScreen.register(on: router, service: service, live: live)
        DeletedScreen.register(on: router, service: service)
        ChoicesScreen.register(on: router, service: service)
        DirectoryScreen.register(on: router, service: service, live: live)
        SwitchesEndpoint.register(on: router, service: service)
        PhotoEndpoint.register(on: router, service: service)
        if let inspector { InspectorScreen.register(on: router, inspector: inspector, live: live) }
        router.add(middleware: AllowedMethods(router.routes))
        return router
    }
}
