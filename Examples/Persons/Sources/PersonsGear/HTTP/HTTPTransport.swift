import Foundation

/// Sends one request and returns the status, headers and body: the seam tests replace.
///
/// ```swift
/// let reply = try await AsyncHTTPTransport().get(url, timeout: .seconds(15))
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends `request`; throws only when no HTTP response arrived (network down, timeout:
    /// ``HTTPFailure/timedOut``).
    func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPReply
}

extension HTTPTransport {
    /// Performs a GET asking for JSON.
    ///
    /// ```swift
    /// let reply = try await transport.get(url, timeout: .seconds(15))
    /// ```
    public func get(_ url: URL, timeout: Duration) async throws -> HTTPReply {
        try await send(HTTPRequest(.get, url, headers: [("Accept", "application/json")]), timeout: timeout)
    }
}

/// An HTTP response: its status, the headers the app reads, its body, and how long the server
/// asks us to wait before asking again (`Retry-After`), if it says.
public struct HTTPReply: Sendable {
    /// The HTTP status code.
    public let status: Int
    /// The body bytes.
    public let body: Data
    /// The wait a `Retry-After` header asks for, in whole seconds (its date form is not read).
    public let retryAfter: Duration?
    /// The headers, by lower-cased name, the first value of each.
    public let headers: [String: String]

    /// Creates a reply.
    ///
    /// ```swift
    /// HTTPReply(status: 429, body: Data(), retryAfter: .seconds(30))
    /// ```
    public init(status: Int, body: Data, retryAfter: Duration? = nil, headers: [String: String] = [:]) {
        self.status = status
        self.body = body
        self.retryAfter = retryAfter
        self.headers = headers
    }

    /// The first value of the header `name`, any case.
    ///
    /// ```swift
    /// reply.header("ETag")   // "\"8a94fb\""
    /// ```
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The wait a `Retry-After` header's value asks for: whole seconds, at most an hour; `nil`
    /// for anything else, a date included.
    ///
    /// ```swift
    /// HTTPReply.retryAfter("30")    // 30 seconds
    /// HTTPReply.retryAfter("-1")    // nil
    /// ```
    public static func retryAfter(_ value: String?) -> Duration? {
        guard let value, let seconds = Int(value.trimmingCharacters(in: .whitespaces)), (0...3_600).contains(seconds)
        else { return nil }
        return .seconds(seconds)
    }
}
