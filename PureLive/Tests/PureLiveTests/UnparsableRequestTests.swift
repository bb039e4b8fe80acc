import Hummingbird
import Testing

@testable import PureLive

/// A request the server cannot parse is answered and its connection closed, over real
/// connections: none of them may hold a connection (the server's limit is a number of them).
@Suite("Requests that cannot be parsed", .timeLimit(.minutes(1)))
struct UnparsableRequestTests {
    static let cases: [(name: String, bytes: [UInt8], status: String)] = [
        (
            "a byte above 0x7F in the request line",
            Array("GET /?q=".utf8) + [0xFF] + Array(" HTTP/1.1\r\nHost: a\r\n\r\n".utf8), "400"
        ),
        ("raw UTF-8 in the path", Array("GET /café HTTP/1.1\r\nHost: a\r\n\r\n".utf8), "400"),
        ("a space in the path", Array("GET /a b HTTP/1.1\r\nHost: a\r\n\r\n".utf8), "400"),
        (
            "a control byte in a header value",
            Array("GET / HTTP/1.1\r\nHost: a\r\nX-A: a".utf8) + [1] + Array("b\r\n\r\n".utf8), "400"
        ),
        (
            "a 100 KB request line",
            Array("GET /\(String(repeating: "a", count: 100_000)) HTTP/1.1\r\nHost: a\r\n\r\n".utf8), "431"
        ),
        (
            "a 100 KB header",
            Array("GET / HTTP/1.1\r\nHost: a\r\nX-A: \(String(repeating: "a", count: 100_000))\r\n\r\n".utf8), "431"
        ),
        ("no request line at all", Array("\u{1}\u{2}\u{3}\r\n\r\n".utf8), "400"),
    ]

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/") { _, _ in "fine" }
        return router
    }

    @Test("is answered with its status, and its connection closed", arguments: cases.indices)
    func answered(index: Int) async throws {
        let request = Self.cases[index]
        try await withServer(LiveEngine(), router: router()) { port in
            let answer = try await RawConnection.open(port: port).exchange(request.bytes)
            #expect(answer.hasPrefix("HTTP/1.1 \(request.status) "), "\(request.name): \(answer.prefix(80))")
            #expect(answer.lowercased().contains("connection: close"), "\(request.name)")
            #expect(!answer.hasSuffix("(still open)"), "\(request.name): the connection was left open")
        }
    }

    @Test("after one that parses, is answered by the connection as before: 400, and closed")
    func afterARequest() async throws {
        try await withServer(LiveEngine(), router: router()) { port in
            let two = Array("GET / HTTP/1.1\r\nHost: a\r\n\r\nGET /a b HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
            let answer = try await RawConnection.open(port: port).exchange(two)
            #expect(answer.hasPrefix("HTTP/1.1 200 "))
            #expect(answer.contains("fine") && answer.contains("HTTP/1.1 400 "))
        }
    }

    @Test("a thousand of them leave no connection open, and the next request is answered")
    func noneHeld() async throws {
        try await withServer(LiveEngine(), router: router()) { port in
            for _ in 0..<1_000 {
                let answer = try await RawConnection.open(port: port).exchange(Self.cases[0].bytes)
                try #require(answer.hasPrefix("HTTP/1.1 400 "), "\(answer.prefix(80))")
            }
            let answer = try await RawConnection.open(port: port)
                .exchange(Array("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".utf8))
            #expect(answer.hasPrefix("HTTP/1.1 200 "))
        }
    }
}
