import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// A randomuser.me-compatible server on 127.0.0.1 for tests and benchmarks: serves generated
/// people (`GET /?results=N&seed=S&start=K`), with faults on demand (see `FaultPlan`).
///
/// ```swift
/// try await RandomUserServer().withRunning { base in
///     // base is http://127.0.0.1:<port>/
/// }
/// ```
public final class RandomUserServer: Sendable {
    private let failuresServed = Mutex<[String: Int]>([:])
    private let answers = Mutex<[PeopleRequest: ByteBuffer]>([:])
    private let requestCount = Atomic(0)
    private let logger: Logger

    /// Creates a server (not yet listening).
    public init(logger: Logger = Logger(label: "pure.fixtures.randomuser")) {
        self.logger = logger
    }

    /// How many requests reached the server.
    public var requests: Int { requestCount.load(ordering: .relaxed) }

    /// Runs the server on 127.0.0.1 (on a free port unless told) while `body` runs, then shuts
    /// it down gracefully: requests under way are answered first.
    @discardableResult
    public func withRunning<Result: Sendable>(
        port: Int = 0, _ body: @Sendable (URL) async throws -> Result
    ) async throws -> Result {
        let (ports, portFound) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router(),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "randomuser-fixture"),
            onServerRunning: { channel in
                portFound.yield(channel.localAddress?.port ?? 0)
                portFound.finish()
            },
            logger: logger
        )
        let services = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            let outcome: Swift.Result<Result, any Error>
            var found = ports.makeAsyncIterator()
            if let actual = await found.next(), actual > 0, let base = URL(string: "http://127.0.0.1:\(actual)/") {
                do {
                    outcome = .success(try await body(base))
                } catch {
                    outcome = .failure(error)
                }
            } else {
                outcome = .failure(CancellationError())
            }
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
            return try outcome.get()
        }
    }

    /// Serves until the task is cancelled; for running the server on its own.
    public func run(port: Int) async throws {
        let app = Application(
            router: router(),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "randomuser-fixture"),
            logger: logger
        )
        try await app.runService()
    }

    private func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/") { request, _ in try await self.answer(request) }
        router.get("/api") { request, _ in try await self.answer(request) }
        return router
    }

    private func answer(_ request: Request) async throws -> Response {
        requestCount.add(1, ordering: .relaxed)
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters {
            query[String(name)] = String(value)
        }
        let faults = FaultPlan(query)
        if let delay = faults.delay {
            try await Task.sleep(for: delay)
        }
        if let status = faults.status, shouldFail(faults) {
            return json("{\"error\":\"injected HTTP \(status)\"}", status: .init(code: status))
        }
        if let message = faults.errorMessage {
            return json("{\"error\":\(jsonString(message))}", status: .ok)
        }
        if faults.malformed {
            return json("{\"results\":[{\"gender\":\"female\",\"name\":{\"first\":", status: .ok)
        }
        var body = people(PeopleRequest(query))
        if faults.truncate {
            body = body.getSlice(at: 0, length: body.readableBytes / 2) ?? ByteBuffer()
        }
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: body))
    }

    /// Whether a `status` fault applies to this request: always, or for the first `times` of its key.
    private func shouldFail(_ faults: FaultPlan) -> Bool {
        guard let times = faults.times else { return true }
        return failuresServed.withLock { served in
            let count = served[faults.key, default: 0]
            guard count < times else { return false }
            served[faults.key] = count + 1
            return true
        }
    }

    /// The answer for a request, generated once and kept (large answers are slow to make).
    private func people(_ request: PeopleRequest) -> ByteBuffer {
        if let cached = answers.withLock({ $0[request] }) { return cached }
        let generator = RandomUserGenerator(options: request.options)
        let body = ByteBuffer(string: generator.payload(count: request.count, start: request.start))
        answers.withLock { $0[request] = body }
        return body
    }

    private func json(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
