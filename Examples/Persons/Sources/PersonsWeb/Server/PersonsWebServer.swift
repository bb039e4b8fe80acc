import Foundation
import Hummingbird
import Logging
import Persons
import PersonsShow

/// The Persons app's web screens, served by the app itself: pages rendered on the server from
/// the app state, kept live over server-sent events.
///
/// ```swift
/// let server = try PersonsWebServer(service: vessel)
/// let app = server.application(host: "127.0.0.1", port: 8080) { address in print(address) }
/// try await app.runService()
/// ```
public struct PersonsWebServer: Sendable {
    private let service: any Serving
    private let limits: WebLimits
    private let streams = LiveStreams()
    private let homeRenderer: HomeRenderer
    let screens: LiveScreens
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
        homeRenderer = HomeRenderer()
        screens = LiveScreens(home: LiveHub(homeRenderer.liveParts(service.appState)))
        self.logger = logger
    }

    /// How many pages hold a live stream right now.
    public var openStreams: Int { streams.count }

    /// How many connections were closed because their client stopped reading.
    public var droppedReaders: Int { streams.dropped }

    /// The application serving the screens on `host`:`port` (0 for any free port). `started`
    /// receives the address once the server listens.
    public func application(
        host: String, port: Int, started: @escaping @Sendable (String) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: router(hosts: AllowedHosts(listeningOn: host, also: limits.allowedHosts)),
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [
                        SlowReaderGuard(timeout: .init(limits.slowReaderTimeout)) { [streams, logger] in
                            streams.droppedReader()
                            logger.notice("closed a connection whose client stopped reading")
                        }
                    ],
                    idleTimeout: .init(limits.idleTimeout))),
            configuration: .init(
                address: .hostname(host, port: port), serverName: "pure",
                availableConnectionsDelegate: ConnectionLimit(maximum: limits.maxConnections, logger: logger)),
            onServerRunning: { channel in
                await started("http://\(host):\(channel.localAddress?.port ?? port)")
            },
            logger: logger
        )
    }

    /// Pages keep to their own scripts, styles and forms and stay out of other sites' frames;
    /// photos may come from any https address.
    static let contentSecurityPolicy: ContentSecurityPolicy = [
        .defaultSrc(.self), .imgSrc(.self, .scheme(.https), "data:"), .styleSrc(.self), .scriptSrc(.self),
        .connectSrc(.self), .formAction(.self), .frameAncestors(.none), .baseURI(.none),
    ]

    /// Every route, behind the error pages, the host check, the security headers (Hummingbird's
    /// `ContentSecurityMiddleware`) and the origin check.
    func router(hosts: AllowedHosts = AllowedHosts()) -> Router<WebContext> {
        let router = Router(context: WebContext.self)
        router.add(middleware: ErrorPages(logger: logger))
        router.add(middleware: HostCheck(hosts: hosts))
        router.add(middleware: ContentSecurityMiddleware(contentSecurityPolicy: Self.contentSecurityPolicy))
        router.add(middleware: OriginCheck())
        if let folder = Bundle.module.path(forResource: "public", ofType: nil) {
            // Only the files' own addresses pass through the file middleware: it serves a file
            // where its catch-all route finds nothing.
            router.group(RouterPath(SitePath.files))
                .add(
                    middleware: FileMiddleware(
                        folder, urlBasePath: SitePath.files, searchForIndexHtml: false, logger: logger)
                )
                .get("**") { _, _ -> Response in throw HTTPError(.notFound) }
        } else {
            logger.error("the static files are missing from the installation")
        }
        HomeScreen.register(on: router, service: service, renderer: homeRenderer)
        DetailScreen.register(on: router, service: service)
        SwitchesEndpoint.register(on: router, service: service)
        EventsEndpoint.register(on: router, service: service, screens: screens, inspector: inspector, streams: streams)
        if let inspector { InspectorScreen.register(on: router, inspector: inspector) }
        return router
    }
}
