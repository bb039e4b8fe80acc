import Hummingbird
import HummingbirdWebSocket
import Logging
import ServiceLifecycle

/// The floor under the app's answers: a Hummingbird server on 127.0.0.1 whose routes answer
/// bytes from memory with no middleware, on the HTTP/1 channel that upgrades WebSockets, as the
/// app's server is. What it serves a second is the most the app's server could serve a page of
/// that size. It also upgrades a WebSocket at `/socket` that reads and drops what comes: the
/// least an open page's socket could hold.
enum FixedBodyServer {
    /// Runs `body` with a server answering `size` bytes at `/`, given its address; stops it after.
    static func withRunning<Result: Sendable>(
        size: Int, _ body: (String) async throws -> Result
    ) async throws -> Result {
        try await withRunning(sizes: ["/": size], body)
    }

    /// Runs `body` with a server answering, at each path of `sizes`, as many bytes, given its
    /// address; stops it after.
    static func withRunning<Result: Sendable>(
        sizes: [String: Int], _ body: (String) async throws -> Result
    ) async throws -> Result {
        let router = Router()
        for (path, size) in sizes {
            let bytes = ByteBuffer(repeating: UInt8(ascii: "x"), count: size)
            router.get(RouterPath(path)) { _, _ in
                Response(
                    status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                    body: ResponseBody(byteBuffer: bytes))
            }
        }
        var logger = Logger(label: "bench.floor")
        logger.logLevel = .warning
        let (addresses, found) = AsyncStream.makeStream(of: String.self)
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade { request, _, _ in
                guard request.path == "/socket" else { return .dontUpgrade }
                return .upgrade([:]) { inbound, _, _ in for try await _ in inbound {} }
            }, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                found.yield("http://127.0.0.1:\(channel.localAddress?.port ?? 0)")
                found.finish()
            }, logger: logger)
        let services = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let task = Task {
            defer { found.finish() }
            try await services.run()
        }
        defer { task.cancel() }
        var iterator = addresses.makeAsyncIterator()
        guard let base = await iterator.next() else {
            try await task.value
            throw CancellationError()
        }
        let result = try await body(base)
        await services.triggerGracefulShutdown()
        try await task.value
        return result
    }
}
