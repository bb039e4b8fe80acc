import Hummingbird
import HummingbirdTesting
import Testing

@testable import PersonsWeb

/// Every route, as the router lists them: a method it does not take is answered 405 with the
/// methods it takes in `Allow`; an address no route has stays a 404.
@Suite("Methods", .timeLimit(.minutes(10)))
struct MethodTests {
    /// An address `path` matches: a capture filled in, a wildcard a file.
    static func address(_ path: RouterPath) -> String {
        let segments = path.components.map { element -> String in
            switch element.description {
            case let text where text.hasPrefix(":") || text.hasPrefix("{"): "p1"
            case "**", "*": "app.js"
            case let text: text
            }
        }
        return "/" + segments.joined(separator: "/")
    }

    @Test("a method an address does not take: 405 with Allow; HEAD wherever GET is")
    func notAllowed() async throws {
        let harness = try await WebHarness()
        let routes = harness.server.router().routes
        let taken = Dictionary(grouping: routes, by: { Self.address($0.path) }).mapValues { routes in
            Set(routes.flatMap { $0.method == .get ? ["GET", "HEAD"] : [$0.method.rawValue] })
        }
        #expect(taken.count >= 8, "every screen's routes are listed: \(taken.keys.sorted())")
        try await harness.test { client in
            for (address, methods) in taken {
                for method in [HTTPRequest.Method.get, .post, .put, .delete, .patch]
                where !methods.contains(method.rawValue) {
                    let response = try await client.execute(uri: address, method: method)
                    #expect(response.status == .methodNotAllowed, "\(method) \(address)")
                    #expect(
                        response.headers[.allow] == methods.sorted().joined(separator: ", "), "\(method) \(address)")
                    #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(method) \(address)")
                }
            }
            let nowhere = try await client.execute(uri: "/nothing/here", method: .put)
            #expect(nowhere.status == .notFound)
            #expect(nowhere.headers[.allow] == nil)
        }
    }
}
