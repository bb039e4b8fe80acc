import Foundation

/// One HTTP request, as the network service sends it: the method, the address, the headers and
/// the body.
///
/// ```swift
/// let put = HTTPRequest(.put, url, headers: [("If-Match", etag)], body: Data(card.utf8))
/// ```
public struct HTTPRequest: Sendable {
    /// The methods the app sends: the directory's `GET`, and an address book's WebDAV ones.
    public enum Method: String, CaseIterable, Sendable {
        case get = "GET"
        case put = "PUT"
        case delete = "DELETE"
        case propfind = "PROPFIND"
        case report = "REPORT"
    }

    /// The method.
    public let method: Method
    /// The absolute http(s) address.
    public let url: URL
    /// The headers, in order (a name may repeat).
    public let headers: [(name: String, value: String)]
    /// The body, if any.
    public let body: Data?
    /// The most octets of the answer's body the transport reads (below its own limit): a larger
    /// answer is not read further, and fails as ``HTTPFailure/tooLarge(limit:)``. `nil`: the
    /// transport's own limit.
    public let largestAnswer: Int?

    /// A request of `method` to `url`, its answer read up to `largestAnswer` octets.
    public init(
        _ method: Method, _ url: URL, headers: [(name: String, value: String)] = [], body: Data? = nil,
        largestAnswer: Int? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.largestAnswer = largestAnswer
    }
}
