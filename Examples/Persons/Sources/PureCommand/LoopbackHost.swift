import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a `--host` keeps the app to this machine: `localhost`, any address of 127.0.0.0/8,
/// and `::1` however it is written (`0:0:0:0:0:0:0:1`, in brackets or not).
///
/// ```swift
/// LoopbackHost.contains("127.0.0.2")   // true
/// LoopbackHost.contains("[::1]")       // true
/// LoopbackHost.contains("0.0.0.0")     // false
/// ```
enum LoopbackHost {
    static func contains(_ host: String) -> Bool {
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if name.lowercased() == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, name, &v6) == 1 else { return false }
        return withUnsafeBytes(of: &v6) { Array($0) } == Array(repeating: 0, count: 15) + [1]
    }
}
