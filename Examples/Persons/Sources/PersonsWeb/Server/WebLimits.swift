import PureLive

/// What the server allows its clients: the live engine's limits on its connections (how long
/// one may sit idle or take to send its headers, how long a client may stop reading before it
/// is dropped, how many are open at once; see ``PureLive/LiveLimits``), and which host names it
/// answers to. Each limit is declared once, where the engine that keeps it is.
///
/// ```swift
/// var limits = WebLimits()
/// limits.live.maxConnections = 4_096
/// let server = try PersonsWebServer(service: vessel, limits: limits)
/// ```
public struct WebLimits: Sendable {
    /// The limits the live engine keeps on every connection of the server.
    public var live = LiveLimits()
    /// Host names to answer to besides the loopback names and the address listened on.
    public var allowedHosts: [String] = []

    /// The defaults of ``PureLive/LiveLimits``, and no other host names.
    public init() {}
}
