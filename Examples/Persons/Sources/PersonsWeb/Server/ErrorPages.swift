import Hummingbird
import Logging

/// Turns every error on the way out into an HTML page with its status: pages' own errors as
/// they are, others by their status, anything unexpected as a 500 (with the detail in the log).
/// It answers with the page rather than throwing it, so that the middleware around it (the
/// security headers) applies to error pages too.
struct ErrorPages<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        let page: PageError
        do {
            return try await next(request, context)
        } catch let error as PageError {
            page = error
        } catch {
            if (error as? any HTTPResponseError) == nil {
                logger.error("\(request.method) \(request.uri.path) failed: \(error)")
            }
            page = PageError(other: error)
        }
        var response = try page.response(from: request, context: context)
        // A HEAD's answer has the page's headers and no body.
        if request.method == .head { response.body = ResponseBody() }
        return response
    }
}
