import Hummingbird
import Persons
import PersonsShow
import ServiceLifecycle

/// The live stream of an open page (server-sent events): the parts its screen's hub writes to
/// the connection, until the page closes, the client goes away, or the server shuts down. Every
/// open home page shares one hub, and so do the open pages of one person, or of one inspector
/// filter. Every event has an `id:`; a page that reconnects (with `Last-Event-ID`) gets every
/// part afresh, so it never keeps a stale one.
enum EventsEndpoint {
    static func register(
        on router: Router<WebContext>, service: any Serving, screens: LiveScreens, inspector: Inspector?,
        streams: LiveStreams
    ) {
        router.get(RouterPath(SitePath.events)) { request, context in
            let channel = context.channel
            let page = try await open(for: request, service: service, screens: screens, inspector: inspector)
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: ResponseBody { writer in
                    streams.opened()
                    defer {
                        page.close()
                        streams.closed()
                    }
                    do {
                        try await writer.write(ByteBuffer(string: "retry: 3000\n\n"))
                        // From here the page's hub writes to the connection itself, until the
                        // client goes away, the hub finishes the page or the server stops.
                        await withGracefulShutdownHandler {
                            await page.output.attach(channel)
                        } onGracefulShutdown: {
                            page.output.finish()
                        }
                    } catch {
                        // The client went away: nothing more to send.
                    }
                    try? await writer.finish(nil)
                })
        }
    }

    /// An open page: where its parts arrive, and how it leaves its hub.
    private struct Page: Sendable {
        let output: LiveOutput
        let close: @Sendable () -> Void
    }

    /// Opens the page of the screen named in the query: `screen=home`, `screen=detail&id=`, or
    /// `screen=inspector` (with `useCase=` to filter) when the server has an inspector.
    private static func open(
        for request: Request, service: any Serving, screens: LiveScreens, inspector: Inspector?
    ) async throws -> Page {
        let query = request.uri.queryParameters
        switch query["screen"].map(String.init) {
        case "home", nil:
            let output = screens.home.open()
            return Page(output: output) { screens.home.close(output) }
        case "detail":
            guard let id = query["id"].map(String.init), !id.isEmpty else { throw PageError.badRequest }
            let (_, output) = try await screens.details.open(id) {
                let model = DetailViewModel(service, id: id)
                return model.liveParts(try await DetailScreen.load(model))
            }
            return Page(output: output) { screens.details.close(id, output) }
        case "inspector":
            guard let inspector else { throw PageError.notFound }
            let model = try InspectorScreen.model(for: request, inspector: inspector)
            let key = model.useCase ?? ""
            let (_, output) = await screens.inspections.open(key) { model }
            return Page(output: output) { screens.inspections.close(key, output) }
        default:
            throw PageError.badRequest
        }
    }
}
