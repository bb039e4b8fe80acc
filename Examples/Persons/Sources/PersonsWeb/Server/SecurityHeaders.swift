import HTTPTypes
import Hummingbird

/// Headers that keep pages to their own scripts and styles, and out of other sites' frames.
/// Photos may come from any https address.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    static var policy: String {
        "default-src 'self'; img-src 'self' https: data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = Self.policy
        response.headers[.xContentTypeOptions] = "nosniff"
        if let name = HTTPField.Name.referrerPolicy {
            response.headers[name] = "same-origin"
        }
        return response
    }
}
