import BenchmarkSupport
import Foundation
import MallocCounter

#if canImport(Glibc)
    import Glibc
#endif

/// The floors under the live pages' figures, measured on the same machine in the same run:
/// what the kernel costs to write one frame to every open page, and what a bare server holds
/// for an open connection. Both use the C socket calls directly, so that they allocate nothing
/// themselves and add no event loop of their own.
enum LiveFloors {
    /// Milliseconds, p50 and p99 over `times` rounds, for one thread to write `bytes` bytes to
    /// each of `sockets` loopback TCP connections (`TCP_NODELAY`, as the server's): the
    /// kernel's part of one update sent to that many pages. Loopback delivers into the reading
    /// socket inside the write, so each write's time includes the receiving side's kernel work;
    /// the readers are drained between rounds, outside the time.
    static func frameWrites(sockets: Int, bytes: Int, times: Int) throws -> (p50: Double, p99: Double) {
        let listener = try Socket.listening()
        defer { close(listener.fd) }
        var pairs: [(writer: Int32, reader: Int32)] = []
        defer {
            for pair in pairs {
                close(pair.writer)
                close(pair.reader)
            }
        }
        for _ in 0..<sockets {
            let reader = try Socket.connected(to: listener.port)
            let writer = accept(listener.fd, nil, nil)
            guard writer >= 0 else { throw Socket.Failure(call: "accept", code: errno) }
            pairs.append((writer, reader))
            try Socket.noDelay(writer)
        }
        let frame = [UInt8](repeating: UInt8(ascii: "x"), count: bytes)
        var drained = [UInt8](repeating: 0, count: bytes)
        var rounds: [Double] = []
        for _ in 0..<times {
            let started = monotonicNanoseconds()
            for pair in pairs {
                guard write(pair.writer, frame, bytes) == bytes else {
                    throw Socket.Failure(call: "write", code: errno)
                }
            }
            rounds.append(Double(monotonicNanoseconds() - started) / 1e6)
            for pair in pairs { try Socket.read(bytes, from: pair.reader, into: &drained) }
        }
        return (median(rounds), percentile(rounds, 0.99))
    }

    /// Bytes the bare server at `base` (``FixedBodyServer``, in this process) holds for each of
    /// `connections` kept-alive connections: each had one `GET /` answered (`bodyBytes` long),
    /// or, `upgraded`, opened a WebSocket at `/socket` with the request Chromium sends (as the
    /// live pages' clients do). The least an open page's connection, or its socket, costs before
    /// anything of the page's own.
    static func bytesPerConnection(
        base: String, connections: Int, bodyBytes: Int, upgraded: Bool = false
    ) async throws -> Double {
        guard let port = URL(string: base)?.port else { throw PageClients.BadAddress(address: base) }
        let request = Array(
            (upgraded
                ? PageClient.browserRequest(host: "127.0.0.1:\(port)", path: "/socket")
                : "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n").utf8)
        var open: [Int32] = []
        open.reserveCapacity(connections)
        defer { for fd in open { close(fd) } }
        // Connections closed just before (a floor measured before this one) are let go of first.
        try await Task.sleep(for: .milliseconds(500))
        let before = malloc_counter_allocated_bytes()
        for _ in 0..<connections {
            let fd = try Socket.connected(to: UInt16(port))
            open.append(fd)
            guard write(fd, request, request.count) == request.count else {
                throw Socket.Failure(call: "write", code: errno)
            }
            let answer = try Socket.readAnswer(bodyBytes: upgraded ? 0 : bodyBytes, from: fd)
            guard answer.starts(with: Array((upgraded ? "HTTP/1.1 101 " : "HTTP/1.1 200 ").utf8)) else {
                throw ClientProcess.Unexpected(
                    expected: upgraded ? "101" : "200", got: String(decoding: answer.prefix(80), as: UTF8.self))
            }
        }
        // The server's side of the last answers may still be finishing on its event loops.
        try await Task.sleep(for: .milliseconds(200))
        return Double(malloc_counter_allocated_bytes() - before) / Double(connections)
    }

    /// The few socket calls the floors need.
    private enum Socket {
        struct Failure: Error, CustomStringConvertible {
            let call: String
            let code: Int32
            var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
        }

        /// A socket listening on 127.0.0.1 at a port the system picks, and that port.
        static func listening() throws -> (fd: Int32, port: UInt16) {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
            var address = loopback(port: 0)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    bind(fd, address, length) == 0 && listen(fd, 4_096) == 0
                        && getsockname(fd, address, &length) == 0
                }
            }
            guard bound else {
                close(fd)
                throw Failure(call: "bind", code: errno)
            }
            return (fd, UInt16(bigEndian: address.sin_port))
        }

        /// A socket connected to 127.0.0.1:`port`.
        static func connected(to port: UInt16) throws -> Int32 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
            var address = loopback(port: port)
            let isConnected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    connect(fd, address, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            guard isConnected else {
                let code = errno
                close(fd)
                throw Failure(call: "connect", code: code)
            }
            return fd
        }

        static func noDelay(_ fd: Int32) throws {
            var on: Int32 = 1
            guard setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size)) == 0
            else { throw Failure(call: "setsockopt", code: errno) }
        }

        /// Reads exactly `count` bytes from `fd` into `buffer`.
        static func read(_ count: Int, from fd: Int32, into buffer: inout [UInt8]) throws {
            var got = 0
            while got < count {
                let read = buffer.withUnsafeMutableBytes {
                    Glibc.read(fd, $0.baseAddress.map { $0 + got }, count - got)
                }
                guard read > 0 else { throw Failure(call: "read", code: read == 0 ? ECONNRESET : errno) }
                got += read
            }
        }

        /// Reads one HTTP answer whose body is `bodyBytes` long, its head then its body, and
        /// returns it.
        static func readAnswer(bodyBytes: Int, from fd: Int32) throws -> [UInt8] {
            var answer: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 16_384)
            while true {
                if let end = answer.firstRange(of: Array("\r\n\r\n".utf8)),
                    answer.count - end.upperBound >= bodyBytes
                {
                    return answer
                }
                let read = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                guard read > 0 else { throw Failure(call: "read", code: read == 0 ? ECONNRESET : errno) }
                answer += chunk.prefix(read)
            }
        }

        private static func loopback(port: UInt16) -> sockaddr_in {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            return address
        }
    }
}
