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
            let live = try await fragments(for: request, service: service, renderer: renderer)
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
                                for await fragment in live.stream {
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

    /// The fragments of the screen named in the query: `screen=home`, or `screen=detail&id=`.
    private static func fragments(
        for request: Request, service: any Serving, renderer: HomeRenderer
    ) async throws
        -> LiveFragments
    {
        let query = request.uri.queryParameters
        switch query["screen"].map(String.init) {
        case "home", nil:
            return HomeViewModel(service, renderer: renderer).fragments()
        case "detail":
            guard let id = query["id"].map(String.init), !id.isEmpty else { throw PageError.badRequest }
            let model = DetailViewModel(service, id: id)
            return model.fragments(try await DetailScreen.load(model))
        default:
            throw PageError.badRequest
        }
    }
}
