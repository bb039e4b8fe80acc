/// How often and how patiently to retry a request that may succeed later.
///
/// ```swift
/// let policy = RetryPolicy(attempts: 4, firstDelay: .milliseconds(500))
/// policy.delay(afterAttempt: 2)   // 1 second
/// ```
public struct RetryPolicy: Sendable {
    /// How many times to try in all, at least once.
    public var attempts: Int
    /// The wait after the first failed attempt; it doubles after each further one.
    public var firstDelay: Duration
    /// The longest wait between two attempts.
    public var maximumDelay: Duration
    /// The longest wait a server's `Retry-After` is honoured for.
    public var longestRequestedWait: Duration = .seconds(300)

    /// Creates a policy.
    ///
    /// ```swift
    /// RetryPolicy(attempts: 1)   // no retries
    /// ```
    public init(attempts: Int = 4, firstDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(8)) {
        self.attempts = max(1, attempts)
        self.firstDelay = firstDelay
        self.maximumDelay = maximumDelay
    }

    /// The wait after failed attempt number `attempt` (from 1): exponential backoff, capped.
    ///
    /// ```swift
    /// RetryPolicy(firstDelay: .seconds(1)).delay(afterAttempt: 3)   // 4 seconds
    /// ```
    public func delay(afterAttempt attempt: Int) -> Duration {
        let doubled = firstDelay * (1 << min(max(attempt - 1, 0), 20))
        return min(doubled, maximumDelay)
    }

    /// The wait after failed attempt number `attempt` when the server asked for `requested` (its
    /// `Retry-After`): what it asked, up to ``longestRequestedWait``; the backoff if it asked
    /// nothing.
    ///
    /// ```swift
    /// RetryPolicy().wait(afterAttempt: 1, requested: .seconds(900))   // 300 seconds
    /// ```
    public func wait(afterAttempt attempt: Int, requested: Duration?) -> Duration {
        requested.map { min($0, longestRequestedWait) } ?? delay(afterAttempt: attempt)
    }
}
