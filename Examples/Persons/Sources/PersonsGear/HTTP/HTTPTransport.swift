import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one GET and returns the status and body: the seam tests replace.
///
/// ```swift
/// let reply = try await URLSessionTransport().get(url, timeout: .seconds(15))
/// ```
public protocol HTTPTransport: Sendable {
    /// Performs a GET; throws only when no HTTP response arrived (network down, timeout).
    func get(_ url: URL, timeout: Duration) async throws -> HTTPReply
}

/// An HTTP response: its status and body.
public struct HTTPReply: Sendable {
    /// The HTTP status code.
    public let status: Int
    /// The body bytes.
    public let body: Data

    /// Creates a reply.
    ///
    /// ```swift
    /// HTTPReply(status: 200, body: Data("{}".utf8))
    /// ```
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// The transport on `URLSession` (FoundationNetworking on Linux).
///
/// ```swift
/// let client = HTTPJSONClient(transport: URLSessionTransport())
/// ```
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// A transport on an ephemeral session: no cookies, no cache.
    public init() {
        session = URLSession(configuration: .ephemeral)
    }

    /// Performs a GET with `Accept: application/json`.
    public func get(_ url: URL, timeout: Duration) async throws -> HTTPReply {
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.timeoutInterval = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let (body, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        return HTTPReply(status: http.statusCode, body: body)
    }
}
