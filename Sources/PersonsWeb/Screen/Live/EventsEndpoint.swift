import Foundation
import Hummingbird
import Persons
import ServiceLifecycle

/// The live stream of an open page (server-sent events): its view model's fragments, until
/// the page closes, the client goes away, or the server shuts down. Then the view model stops
/// watching the state and its subscriptions are released.
enum EventsEndpoint {
    static func register(on router: Router<WebContext>, service: any Serving, streams: LiveStreams) {
        router.get("/events") { request, _ in
            let live = try await fragments(for: request, service: service)
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
                                    try await writer.write(ServerSentEvent.encode(fragment))
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
    private static func fragments(for request: Request, service: any Serving) async throws -> LiveFragments {
        let query = request.uri.queryParameters
        switch query["screen"].map(String.init) {
        case "home", nil:
            return HomeViewModel(service).fragments()
        case "detail":
            guard let id = query["id"].map(String.init), !id.isEmpty else { throw PageError.badRequest }
            let model = DetailViewModel(service, id: id)
            return model.fragments(try await DetailScreen.load(model))
        default:
            throw PageError.badRequest
        }
    }
}

/// How fragments are written on the stream.
enum ServerSentEvent {
    /// `event: fragment` with `{"id": ..., "html": ...}` as data; a heartbeat (empty id) as a comment.
    static func encode(_ fragment: Fragment) -> ByteBuffer {
        guard !fragment.id.isEmpty else { return ByteBuffer(string: ": ping\n\n") }
        let payload = ["id": fragment.id, "html": fragment.html]
        let json = (try? JSONEncoder().encode(payload)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return ByteBuffer(string: "event: fragment\ndata: \(json)\n\n")
    }
}
