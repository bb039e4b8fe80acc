import Hummingbird
import Pure
import Testing

@testable import PureLive

/// At the connection limit a page request is still answered, over a real server: a quarter of
/// the connections is kept for requests, which neither connections waiting for a request (new
/// ones, kept-alive ones) nor live pages' sockets can take.
@Suite("Room for requests", .timeLimit(.minutes(2)))
struct RoomForRequestsTests {
    /// A server of at most 8 connections (6 for waiting and live ones, of which 4 live), with a
    /// live page at `/` and a plain one at `/plain`.
    func withSmallServer(_ body: (_ port: Int, _ live: LiveEngine) async throws -> Void) async throws {
        var limits = LiveLimits()
        limits.maxConnections = 8
        limits.idleTimeout = .seconds(60)
        let live = LiveEngine(limits: limits)
        let router = Router()
        let store = MutableStore(0)
        router.get("/plain") { _, _ in "plain" }
        live.page("/", on: router) { _ in LiveParts(store: store.store, page: CountPage()) }
        try await withServer(live, router: router) { port in try await body(port, live) }
    }

    static let page = "GET /plain HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"

    @Test("live pages take half at most; idle connections beyond the rest close, the oldest first, and a page loads")
    func socketsLeaveRoom() async throws {
        try await withSmallServer { port, live in
            var sockets: [HeldConnection] = []
            for _ in 0..<4 {
                sockets.append(
                    try await HeldConnection.open(port: port, sending: RawConnection.upgrade("/", port: port)))
            }
            for socket in sockets { #expect(try await socket.wait { $0.received.hasPrefix("HTTP/1.1 101") }) }
            let refused = try await HeldConnection.open(port: port, sending: RawConnection.upgrade("/", port: port))
            #expect(try await refused.wait { $0.isClosed }, "a fifth socket was not refused")
            #expect(!refused.received.hasPrefix("HTTP/1.1 101"))
            var idle: [HeldConnection] = []
            for _ in 0..<10 { idle.append(try await HeldConnection.open(port: port)) }
            #expect(try await idle[0].wait { $0.isClosed }, "an idle connection held a place kept for requests")
            let answer = try await RawConnection.open(port: port).exchange(Array(Self.page.utf8), limit: .seconds(3))
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(80))")
            #expect(live.openPages == 4)
            for connection in sockets + idle { await connection.close() }
        }
    }

    @Test("kept-alive connections wait like new ones: live pages take their places, and a page loads")
    func keptAliveWait() async throws {
        try await withSmallServer { port, _ in
            var kept: [HeldConnection] = []
            for _ in 0..<6 {
                let connection = try await HeldConnection.open(
                    port: port, sending: "GET /plain HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                #expect(try await connection.wait { $0.received.hasSuffix("plain") })
                kept.append(connection)
            }
            var sockets: [HeldConnection] = []
            for _ in 0..<4 {
                let socket = try await HeldConnection.open(port: port, sending: RawConnection.upgrade("/", port: port))
                #expect(try await socket.wait { $0.received.hasPrefix("HTTP/1.1 101") })
                sockets.append(socket)
            }
            #expect(try await kept[0].wait { $0.isClosed }, "the oldest kept-alive connection still holds its place")
            let answer = try await RawConnection.open(port: port).exchange(Array(Self.page.utf8), limit: .seconds(3))
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(80))")
            for connection in kept + sockets { await connection.close() }
        }
    }
}
