/// What the engine allows its connections: how long an HTTP connection may sit idle (or take to
/// send its headers), how long a client may stop reading before it is dropped (a live page then
/// reconnects and gets every part afresh), how often an idle live page hears from the server,
/// and how many connections are open at once.
///
/// ```swift
/// var limits = LiveLimits()
/// limits.slowReaderTimeout = .seconds(5)
/// let live = LiveEngine(limits: limits)
/// ```
public struct LiveLimits: Sendable {
    /// Time before closing an HTTP connection that sends nothing while no response is under way,
    /// including one that sends only part of its headers.
    public var idleTimeout: Duration = .seconds(20)
    /// Time before closing a connection whose client has stopped reading what it is sent.
    public var slowReaderTimeout: Duration = .seconds(10)
    /// How often an idle live page is sent a ping, so that a connection that died quietly is
    /// noticed.
    public var heartbeat: Duration = .seconds(15)
    /// How long the screen a page's `GET` opened is kept for the page's socket, which its script
    /// opens a moment after the page loads: the page's address is opened (its list read) once.
    public var screenKept: Duration = .seconds(3)
    /// The most screens kept after `GET`s at once (the one due first goes when one more comes):
    /// each follows the state, so requests with no socket after them keep a few at most.
    public var mostScreensKept = 32
    /// The most connections open at once. A quarter is kept for requests under way: connections
    /// waiting for a request (their first, or the next on a kept-alive connection) and live
    /// pages' sockets together hold the rest at most, beyond which the connection waiting
    /// longest is closed; live sockets hold half at most, beyond which a socket is refused (its
    /// page works without it, and tries again later).
    public var maxConnections = 2_048

    /// The defaults above.
    public init() {}
}
