/// The host names this server answers to: the loopback names, the address it listens on, and
/// any name it was told to allow. A request for any other host is refused before routing, so a
/// page on another site cannot reach the app through a rebinding domain (DNS rebinding).
///
/// ```swift
/// let hosts = AllowedHosts(listeningOn: "127.0.0.1", also: ["persons.local"])
/// hosts.allows(authority: "localhost:8080")        // true
/// hosts.allows(authority: "evil.example:8080")     // false
/// ```
public struct AllowedHosts: Sendable, Equatable {
    /// Names every server answers to: this machine.
    public static let loopback: Set<String> = ["localhost", "127.0.0.1", "::1"]

    /// The loopback names alone: what a page for this machine only (the inspector) answers to,
    /// whatever other names the server is told to allow.
    ///
    /// ```swift
    /// AllowedHosts.loopbackOnly.allows(authority: "[::1]:8080")      // true
    /// AllowedHosts.loopbackOnly.allows(authority: "persons.local")   // false
    /// ```
    public static let loopbackOnly = AllowedHosts(names: loopback)

    /// The names allowed, lower-cased, without brackets or a trailing dot.
    public let names: Set<String>

    private init(names: Set<String>) {
        self.names = names
    }

    /// The loopback names, `host` unless it is a wildcard address (`0.0.0.0`, `::`), and `also`.
    public init(listeningOn host: String = "127.0.0.1", also: [String] = []) {
        var names = Self.loopback
        let listening = Self.normalized(host)
        if listening != "0.0.0.0", listening != "::", !listening.isEmpty {
            names.insert(listening)
        }
        for name in also.map(Self.normalized) where !name.isEmpty {
            names.insert(name)
        }
        self.names = names
    }

    /// Whether a request's authority (`Host` header: a name or address, an optional port)
    /// names this server.
    public func allows(authority: String) -> Bool {
        names.contains(Self.normalized(Self.host(of: authority)))
    }

    /// The host part of an authority: `[::1]:8080` -> `::1`, `example.com:80` -> `example.com`.
    static func host(of authority: String) -> Substring {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return "" }
            return authority[authority.index(after: authority.startIndex)..<close]
        }
        guard let colon = authority.firstIndex(of: ":") else { return authority[...] }
        // A second colon without brackets is a bare IPv6 address, not a port.
        return authority[colon...].dropFirst().contains(":") ? authority[...] : authority[..<colon]
    }

    private static func normalized(_ name: some StringProtocol) -> String {
        var name = name.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name.removeLast() }
        return name
    }
}
