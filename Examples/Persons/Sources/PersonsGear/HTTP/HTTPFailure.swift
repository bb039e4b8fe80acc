/// Why a GET through ``HTTPJSONClient`` failed, with the detail for the log.
public enum HTTPFailure: Error, Equatable, Sendable {
    /// No response: the network or the host could not be reached.
    case unreachable(detail: String)
    /// No response in time.
    case timedOut
    /// The server answered with a status outside 2xx (after retries for 5xx).
    case status(Int)
    /// The address is not an absolute http(s) URL.
    case invalidURL(String)
    /// The server kept answering 429 Too Many Requests, `attempts` times.
    case tooManyRequests(attempts: Int)
    /// The answer was longer than the transport reads (`limit` octets).
    case tooLarge(limit: Int)
}
