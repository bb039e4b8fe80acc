import Glibc

/// A TCP port of 127.0.0.1 bound by a socket that never listens: while it is held, every
/// connection to it is refused, and no server can be given it. Closed with ``close()``.
///
/// ```swift
/// let held = try HeldPort()
/// defer { held.close() }
/// // http://127.0.0.1:\(held.port)/ refuses every connection
/// ```
public struct HeldPort: Sendable {
    /// The port held.
    public let port: Int
    private let descriptor: Int32

    /// Binds a socket to a port the kernel picks.
    public init() throws {
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw CardDAVServer.NotStarted(description: "no socket for a port") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                Glibc.bind(descriptor, generic, size) == 0 && getsockname(descriptor, generic, &size) == 0
            }
        }
        guard bound else {
            Glibc.close(descriptor)
            throw CardDAVServer.NotStarted(description: "no port to bind")
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Lets the port go.
    public func close() {
        Glibc.close(descriptor)
    }
}
