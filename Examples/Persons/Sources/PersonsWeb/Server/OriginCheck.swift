import HTTPTypes
import Hummingbird

/// Refuses a request that changes state (any method but GET and HEAD) when a browser says it
/// comes from another site: its `Origin` is not this server, or, without one, its
/// `Sec-Fetch-Site` is not same-origin. Clients that send neither (scripts, tests) pass.
struct OriginCheck<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        guard request.method != .get, request.method != .head else { return try await next(request, context) }
        let host = request.head.authority ?? ""
        if let origin = request.headers[.origin] {
            guard origin == "http://\(host)" || origin == "https://\(host)" else { throw PageError.crossSite }
        } else if let name = HTTPField.Name.secFetchSite, let site = request.headers[name], site != "same-origin",
            site != "none"
        {
            throw PageError.crossSite
        }
        return try await next(request, context)
    }
}
