/// What an HTTP status means to the app, decided here and nowhere else: every worker above the
/// network service sees one of these, never a status code. A WebDAV multistatus's per-item
/// statuses (`HTTP/1.1 404 Not Found`) are read into the same outcomes.
///
/// ```swift
/// HTTPOutcome(status: 412)             // .preconditionFailed
/// HTTPOutcome(statusLine: "HTTP/1.1 200 OK")   // .success
/// ```
public enum HTTPOutcome: Equatable, Sendable {
    /// 2xx but 207: done.
    case success
    /// 207: one status per item, in the body.
    case multiStatus
    /// 304: nothing changed since what the request named.
    case notModified
    /// 3xx but 304: the server sent the request elsewhere (`Location`, if it said).
    case redirected(to: String?)
    /// 401: no credentials, or wrong ones.
    case unauthorized
    /// 403: these credentials may not do this (or, for a sync token, the token is refused).
    case forbidden
    /// 404 or 410: nothing at that address.
    case notFound
    /// 405 or 501: the server does not do this here.
    case notSupported
    /// 409: the request conflicts with the server's state (a missing parent collection).
    case conflict
    /// 412: what the request assumed (an ETag, no card yet) is no longer true.
    case preconditionFailed
    /// 413: the request is larger than the server takes.
    case tooLarge
    /// 423: the resource is locked (a WebDAV server writing it); asking again shortly may work.
    case locked
    /// 429: asked too often; wait what `Retry-After` says, if it does.
    case tooManyRequests(retryAfter: Duration?)
    /// 507: the server has no room left.
    case insufficientStorage
    /// 5xx but 501 and 507: the server failed; asking again later may work.
    case serverError(status: Int)
    /// Any other status: refused, and asking again will not help.
    case refused(status: Int)

    /// The outcome of `status`, with the wait a 429 asks for and the address a redirect gives.
    public init(status: Int, retryAfter: Duration? = nil, location: String? = nil) {
        switch status {
        case 207: self = .multiStatus
        case 200..<300: self = .success
        case 304: self = .notModified
        case 300..<400: self = .redirected(to: location)
        case 401: self = .unauthorized
        case 403: self = .forbidden
        case 404, 410: self = .notFound
        case 405, 501: self = .notSupported
        case 409: self = .conflict
        case 412: self = .preconditionFailed
        case 413: self = .tooLarge
        case 423: self = .locked
        case 429: self = .tooManyRequests(retryAfter: retryAfter)
        case 507: self = .insufficientStorage
        case 500..<600: self = .serverError(status: status)
        default: self = .refused(status: status)
        }
    }

    /// The outcome of a reply.
    public init(_ reply: HTTPReply) {
        self.init(status: reply.status, retryAfter: reply.retryAfter, location: reply.header("Location"))
    }

    /// The outcome of a multistatus item's status line (`HTTP/1.1 404 Not Found`); `nil` for a
    /// line that is not one.
    public init?(statusLine: String) {
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), parts[1].count == 3, let status = Int(parts[1]) else {
            return nil
        }
        self.init(status: status)
    }

    /// Whether the request did what it asked (2xx, a multistatus included).
    public var isSuccess: Bool {
        switch self {
        case .success, .multiStatus: true
        default: false
        }
    }

    /// Whether the server is busy for a moment, so the same request may succeed if asked again
    /// shortly: locked while it writes (423), asked too often (429), unavailable (503).
    ///
    /// ```swift
    /// HTTPOutcome(status: 423).isBusy   // true
    /// HTTPOutcome(status: 500).isBusy   // false
    /// ```
    public var isBusy: Bool {
        switch self {
        case .locked, .tooManyRequests, .serverError(status: 503): true
        default: false
        }
    }
}
