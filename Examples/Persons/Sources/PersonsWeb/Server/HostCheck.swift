import Hummingbird

/// Refuses, before routing, a request whose `Host` is not one this server answers to (see
/// ``AllowedHosts``): 421 Misdirected Request, with a message page.
struct HostCheck<Context: RequestContext>: RouterMiddleware {
    let hosts: AllowedHosts

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        guard let authority = request.head.authority, hosts.allows(authority: authority) else {
            context.logger.notice("refused a request for another host: \(request.head.authority ?? "(none)")")
            throw PageError.otherHost
        }
        return try await next(request, context)
    }
}
