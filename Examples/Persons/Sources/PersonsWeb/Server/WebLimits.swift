import PureLive

/// What the server allows its clients: how long a connection may sit idle (or take to send its
/// headers), how long a client may stop reading before it is dropped (a live page's browser
/// then reconnects and gets every part afresh), how many connections it holds at once, and
/// which host names it answers to.
///
/// ```swift
/// var limits = WebLimits()
/// limits.maxConnections = 4_096
/// let server = try PersonsWebServer(service: vessel, limits: limits)
/// ```
public struct WebLimits: Sendable {
    /// Time before closing a connection that sends nothing while no response is under way,
    /// including one that sends only part of its headers.
    public var idleTimeout: Duration = .seconds(20)
    /// Time before closing a connection whose client has stopped reading what it is sent.
    public var slowReaderTimeout: Duration = .seconds(10)
    /// The most connections open at once; more wait until one closes. Connections that have
    /// not sent a request cannot fill it: a quarter is kept for those that have, and beyond the
    /// rest the connection waiting longest for its request is closed.
    public var maxConnections = 2_048
    /// Host names to answer to besides the loopback names and the address listened on.
    public var allowedHosts: [String] = []

    /// The defaults above.
    public init() {}

    /// The limits the live engine keeps: the same idle and slow-reader times and connections.
    var live: LiveLimits {
        var live = LiveLimits()
        live.idleTimeout = idleTimeout
        live.slowReaderTimeout = slowReaderTimeout
        live.maxConnections = maxConnections
        return live
    }
}
