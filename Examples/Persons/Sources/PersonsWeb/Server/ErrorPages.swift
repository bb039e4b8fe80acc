import Hummingbird
import Logging

/// Turns every error on the way out into an HTML page with its status: pages' own errors as
/// they are, others by their status, anything unexpected as a 500 (with the detail in the log).
struct ErrorPages<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as PageError {
            throw error
        } catch {
            if (error as? any HTTPResponseError) == nil {
                logger.error("\(request.method) \(request.uri.path) failed: \(error)")
            }
            throw PageError(other: error)
        }
    }
}
