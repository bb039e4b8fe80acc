import Foundation

/// A live page's socket as a browser opens it: Chromium's upgrade request by hand, then the
/// server's frames, read as they come. Parts are `{"n": change, "id": …, "html": …}` messages,
/// or edits of the part as it came before (`"base"`, `"splice"`), which it applies as a page does.
struct LiveSocketClient {
    let connection: RawConnection
    /// The status line of the upgrade's answer.
    let status: String
    /// Where the next frame starts in what the server sent.
    private var offset: Int
    /// The change number of the last part read.
    private(set) var lastChange: Int?
    /// Pings read so far.
    private(set) var pings = 0
    /// Each part as last read, and its change number: what the server's edits edit.
    private var parts: [String: (n: Int, html: String)] = [:]
    /// Edits applied, and edits of a part this socket did not have as the edit says (none, if
    /// the server is right).
    private(set) var edits = 0
    private(set) var unappliedEdits = 0

    /// Opens the socket of the page at `path` on 127.0.0.1:`port`, as a page of `origin` would
    /// (none: as a program would); `host` is the `Host` it names. Whatever the answer, returns
    /// once the server has answered the upgrade. Without `reading`, nothing more is read after
    /// that answer, as from a page that stops reading; `receiveBuffer` shrinks the socket's
    /// receive buffer.
    static func open(
        port: Int, path: String, host: String? = nil, origin: String? = "", reading: Bool = true,
        receiveBuffer: Int? = nil
    ) async throws -> LiveSocketClient {
        let connection = try await RawConnection.open(port: port, receiveBuffer: receiveBuffer)
        let host = host ?? "127.0.0.1:\(port)"
        var request = [
            "GET \(path) HTTP/1.1", "Host: \(host)", "Connection: Upgrade", "Upgrade: websocket",
            "Sec-WebSocket-Version: 13", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
            "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits",
        ]
        if let origin { request.append("Origin: \(origin.isEmpty ? "http://\(host)" : origin)") }
        try await connection.send(request.map { $0 + "\r\n" }.joined() + "\r\n")
        let end = Array("\r\n\r\n".utf8)
        let headEnd = try await connection.poll(timeout: .seconds(120)) { () -> Int? in
            let bytes = connection.bytes
            if let range = bytes.firstRange(of: end) { return range.upperBound }
            return connection.isClosed ? bytes.count : nil
        }
        // Read until the answer came: a socket that never reads would wait here for the timeout.
        if !reading { try await connection.stopReading() }
        let head = String(decoding: connection.bytes.prefix(headEnd ?? 0), as: UTF8.self)
        let status = String(head.prefix { $0 != "\r" })
        return LiveSocketClient(connection: connection, status: status, offset: headEnd ?? 0)
    }

    /// Whether the server switched to the WebSocket.
    var isUpgraded: Bool { status.hasPrefix("HTTP/1.1 101") }

    /// Reads parts until one matches `predicate`; `nil` if the connection closed or nothing
    /// matched within `timeout`.
    mutating func part(
        timeout: Duration = .seconds(120), where predicate: (String, String) -> Bool
    ) async throws -> (id: String, html: String)? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            while let part = nextPart() {
                if predicate(part.id, part.html) { return part }
            }
            if connection.isClosed { return nil }
            try await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }

    /// Reads until each of `predicates` has matched a part, in whatever order the parts come;
    /// the ids of the parts read meanwhile that matched none, and whether all did.
    mutating func parts(
        matching predicates: [(String, String) -> Bool]
    ) async throws -> (others: [String], allMatched: Bool) {
        var pending = predicates
        var others: [String] = []
        while !pending.isEmpty {
            let found = try await part { id, html in
                if let index = pending.firstIndex(where: { $0(id, html) }) {
                    pending.remove(at: index)
                    return true
                }
                others.append(id)
                return false
            }
            guard found != nil else { return (others, false) }
        }
        return (others, true)
    }

    /// The next whole part the server sent, past pings; `nil` if none has arrived whole yet.
    private mutating func nextPart() -> (id: String, html: String)? {
        let bytes = connection.bytes
        while let (opcode, payload, next) = Self.frame(in: bytes, at: offset) {
            offset = next
            if opcode == 0x9 { pings += 1 }
            guard opcode == 0x1,
                let message = try? JSONDecoder().decode(Message.self, from: Data(payload))
            else { continue }
            var html = message.html
            if let splice = message.splice {
                // An edit of the part as this socket last had it, as the page's script makes it:
                // in UTF-16 code units. One of a part it does not have is the server's mistake.
                guard let base = parts[message.id], base.n == message.base, splice.count == 2,
                    let edited = Self.edit(base.html, head: splice[0], tail: splice[1], middle: message.html)
                else {
                    unappliedEdits += 1
                    continue
                }
                html = edited
                edits += 1
            }
            parts[message.id] = (message.n, html)
            lastChange = message.n
            return (message.id, html)
        }
        return nil
    }

    /// `base`'s first `head` and last `tail` UTF-16 code units with `middle` between; `nil` if
    /// `base` has fewer.
    static func edit(_ base: String, head: Int, tail: Int, middle: String) -> String? {
        let units = Array(base.utf16)
        guard head >= 0, tail >= 0, head + tail <= units.count else { return nil }
        return String(decoding: units[..<head], as: UTF16.self) + middle
            + String(decoding: units[(units.count - tail)...], as: UTF16.self)
    }

    private struct Message: Decodable {
        let n: Int
        let id: String
        let html: String
        let base: Int?
        let splice: [Int]?
    }

    /// The unmasked frame at `start` of `bytes` (RFC 6455, 5.2): its opcode, its payload and
    /// where the next one starts; `nil` if it has not arrived whole.
    static func frame(in bytes: [UInt8], at start: Int) -> (opcode: UInt8, payload: ArraySlice<UInt8>, next: Int)? {
        guard bytes.count >= start + 2 else { return nil }
        var length = Int(bytes[start + 1] & 0x7F)
        var at = start + 2
        let extra = length == 126 ? 2 : length == 127 ? 8 : 0
        if extra > 0 {
            guard bytes.count >= at + extra else { return nil }
            length = bytes[at..<at + extra].reduce(0) { $0 << 8 | Int($1) }
            at += extra
        }
        guard bytes.count >= at + length else { return nil }
        return (bytes[start] & 0x0F, bytes[at..<at + length], at + length)
    }
}
