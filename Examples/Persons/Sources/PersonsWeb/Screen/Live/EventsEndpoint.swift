import Hummingbird
import Persons
import ServiceLifecycle

/// The live stream of an open page (server-sent events): its view model's fragments, until
/// the page closes, the client goes away, or the server shuts down. Then the view model stops
/// watching the state and its subscriptions are released.
enum EventsEndpoint {
    static func register(
        on router: Router<WebContext>, service: any Serving, renderer: HomeRenderer, streams: LiveStreams
    ) {
        router.get("/events") { request, _ in
            let watch = try await watcher(for: request, service: service, renderer: renderer)
            let live = LiveFragments(watch: watch)
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: ResponseBody { writer in
                    streams.opened()
                    defer {
                        live.stop()
                        streams.closed()
                    }
                    do {
                        try await request.body.consumeWithCancellationOnInboundClose { _ in
                            try await withGracefulShutdownHandler {
                                try await writer.write(ByteBuffer(string: "retry: 3000\n\n"))
                                while let fragment = await live.output.next() {
                                    try await writer.write(ByteBuffer(string: fragment.event))
                                }
                            } onGracefulShutdown: {
                                live.stop()
                            }
                        }
                    } catch {
                        // The client went away: nothing more to send.
                    }
                    try? await writer.finish(nil)
                })
        }
    }

    /// How the screen named in the query watches the state: `screen=home`, or
    /// `screen=detail&id=`.
    private static func watcher(
        for request: Request, service: any Serving, renderer: HomeRenderer
    ) async throws
        -> @Sendable (LiveOutput) async -> Void
    {
        let query = request.uri.queryParameters
        switch query["screen"].map(String.init) {
        case "home", nil:
            let model = HomeViewModel(service, renderer: renderer)
            return { output in await model.watch(output) }
        case "detail":
            guard let id = query["id"].map(String.init), !id.isEmpty else { throw PageError.badRequest }
            let model = DetailViewModel(service, id: id)
            let person = try await DetailScreen.load(model)
            return { output in await model.watch(person, output) }
        default:
            throw PageError.badRequest
        }
    }
}
