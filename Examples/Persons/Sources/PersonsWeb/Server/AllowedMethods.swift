import Hummingbird

/// Answers a method that an address does not take with 405 and the methods it does take in
/// `Allow` (a `PUT` to a page, a `GET` of a form's address), instead of a 404. Added after every
/// route, so that it wraps only the router's answer for what no route takes.
struct AllowedMethods<Context: RequestContext>: RouterMiddleware {
    /// Each route's path and the methods it takes (`HEAD` wherever `GET` is).
    private let routes: [(path: RouterPath, methods: Set<String>)]

    /// The methods of `routes`, as the router lists them.
    init(_ routes: [Router<Context>.RouteDescription]) {
        var methods: [String: (path: RouterPath, methods: Set<String>)] = [:]
        for route in routes {
            let taken: Set<String> = route.method == .get ? ["GET", "HEAD"] : [route.method.rawValue]
            methods[route.path.description, default: (route.path, [])].methods.formUnion(taken)
        }
        self.routes = methods.values.sorted { $0.path.description < $1.path.description }
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = methods(at: request.uri.path)
            guard !allowed.isEmpty else { throw error }
            var response = try PageError(other: HTTPError(.methodNotAllowed)).response(from: request, context: context)
            response.headers[.allow] = allowed.sorted().joined(separator: ", ")
            return response
        }
    }

    /// The methods the routes matching `path` take; none when no route matches it.
    func methods(at path: String) -> Set<String> {
        let segments = path.split(separator: "/")
        return routes.reduce(into: []) { methods, route in
            if Self.matches(route.path, segments) { methods.formUnion(route.methods) }
        }
    }

    /// Whether `path` matches the address made of `segments`, as the router would.
    private static func matches(_ path: RouterPath, _ segments: [Substring]) -> Bool {
        var index = 0
        for element in path.components {
            if element == .recursiveWildcard { return true }
            guard index < segments.count, element ~= segments[index] else { return false }
            index += 1
        }
        return index == segments.count
    }
}
