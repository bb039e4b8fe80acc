import Foundation

/// Sends one GET and returns the status and body: the seam tests replace.
///
/// ```swift
/// let reply = try await AsyncHTTPTransport().get(url, timeout: .seconds(15))
/// ```
public protocol HTTPTransport: Sendable {
    /// Performs a GET; throws only when no HTTP response arrived (network down, timeout:
    /// ``HTTPFailure/timedOut``).
    func get(_ url: URL, timeout: Duration) async throws -> HTTPReply
}

/// An HTTP response: its status, body, and how long the server asks us to wait before asking
/// again (`Retry-After`), if it says.
public struct HTTPReply: Sendable {
    /// The HTTP status code.
    public let status: Int
    /// The body bytes.
    public let body: Data
    /// The wait a `Retry-After` header asks for, in whole seconds (its date form is not read).
    public let retryAfter: Duration?

    /// Creates a reply.
    ///
    /// ```swift
    /// HTTPReply(status: 429, body: Data(), retryAfter: .seconds(30))
    /// ```
    public init(status: Int, body: Data, retryAfter: Duration? = nil) {
        self.status = status
        self.body = body
        self.retryAfter = retryAfter
    }

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
