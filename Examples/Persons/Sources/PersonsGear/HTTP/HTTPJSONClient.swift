import Foundation
import Logging

/// GETs JSON bodies with a timeout, retrying network errors and server errors with backoff, and
/// a 429 Too Many Requests after the wait its `Retry-After` asks for.
///
/// ```swift
/// let client = HTTPJSONClient(transport: AsyncHTTPTransport(), timeout: .seconds(15))
/// let body = try await client.get(url)
/// ```
public struct HTTPJSONClient: Sendable {
    private let transport: any HTTPTransport
    private let timeout: Duration
    private let retry: RetryPolicy
    private let logger: Logger

    /// Creates a client.
    ///
    /// ```swift
    /// HTTPJSONClient(transport: AsyncHTTPTransport(), retry: RetryPolicy(attempts: 1))
    /// ```
    public init(
        transport: any HTTPTransport, timeout: Duration = .seconds(15), retry: RetryPolicy = RetryPolicy(),
        logger: Logger = Logger(label: "pure.gear.http")
    ) {
        self.transport = transport
        self.timeout = timeout
        self.retry = retry
        self.logger = logger
    }

    /// The body of a 2xx answer to a GET of `url`. Network errors, timeouts, 5xx and 429
    /// answers are retried as the policy says, a 429 after the wait its `Retry-After` asks for
    /// (at most ``RetryPolicy/longestRequestedWait``), told to `waiting` first; any other 4xx
    /// answer fails at once, as retrying cannot help.
    ///
    /// ```swift
    /// let body = try await client.get(URL(string: "https://randomuser.me/api/?results=10")!)
    /// ```
    public func get(_ url: URL, waiting: @Sendable (Duration) -> Void = { _ in }) async throws(HTTPFailure) -> Data {
        var attempt = 1
        while true {
            let failure: HTTPFailure
            var wait = retry.delay(afterAttempt: attempt)
            switch await send(url) {
            case .success(let reply):
                switch HTTPOutcome(reply) {
                case .success, .multiStatus:
                    return reply.body
                case .tooManyRequests(let retryAfter):
                    failure = .tooManyRequests(attempts: attempt)
                    logger.warning("GET \(url) answered HTTP 429 (attempt \(attempt))")
                    wait = retry.wait(afterAttempt: attempt, requested: retryAfter)
                    if attempt < retry.attempts { waiting(wait) }
                case .serverError, .insufficientStorage:
                    failure = .status(reply.status)
                    logger.warning("GET \(url) answered HTTP \(reply.status) (attempt \(attempt))")
                default:
                    logger.warning("GET \(url) answered HTTP \(reply.status) (attempt \(attempt))")
                    throw .status(reply.status)
                }
            case .failure(let error):
                failure = error
                logger.warning("GET \(url) failed: \(error) (attempt \(attempt))")
            }
            guard attempt < retry.attempts, !Task.isCancelled else { throw failure }
            try? await Task.sleep(for: wait)
            attempt += 1
        }
    }

    private func send(_ url: URL) async -> Result<HTTPReply, HTTPFailure> {
        do {
            return .success(try await transport.get(url, timeout: timeout))
        } catch let failure as HTTPFailure {
            return .failure(failure)
        } catch {
            return .failure(.unreachable(detail: String(describing: error)))
        }
    }
}
