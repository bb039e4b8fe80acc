import Foundation
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle
import Synchronization

/// A randomuser.me-compatible server on 127.0.0.1 for tests and benchmarks, by the real
/// service's rules: generated people (`GET /?results=N&seed=S&page=P`, also at `/api/` and
/// `/api/1.4/`), at most 5,000 an answer (more, zero or words give one person), the same seed and
/// page always the same people, and, given a quota, 429 with a JSON error and `Retry-After` past
/// it; the people's photos at `/api/portraits/…`; faults on demand (see `FaultPlan`).
///
/// ```swift
/// try await RandomUserServer().withRunning { base in
///     // base is http://127.0.0.1:<port>/
/// }
/// ```
public final class RandomUserServer: Sendable {
    /// How many people one client address may have in a window of time (randomuser.me's
    /// public source: 20,000 per 5 minutes).
    public struct Quota: Sendable {
        /// People per window.
        public var people: Int
        /// The window.
        public var window: Duration

        /// A quota of `people` per `window`.
        public init(people: Int = 20_000, window: Duration = .seconds(300)) {
            self.people = people
            self.window = window
        }
    }

    private let failuresServed = NIOLockedValueBox<[String: Int]>([:])
    private let answers = NIOLockedValueBox<[PeopleRequest: ByteBuffer]>([:])
    private let requestCount = Atomic(0)
    private let answered = NIOLockedValueBox<(pages: [ServedPage], photos: Int)>(([], 0))
    private let quota: Quota?
    /// Each client's window: when its first answer was sent (`nil` while that answer is made),
    /// and the people it has been given.
    private let quotaUsed = NIOLockedValueBox<[String: (since: ContinuousClock.Instant?, people: Int)]>([:])
    private let served: @Sendable (ServedPage) -> Void
    private let logger: Logger

    /// Creates a server (not yet listening), with a `quota` per client address if given;
    /// `served` hears of each page of people it answers with.
    public init(
        quota: Quota? = nil, logger: Logger = Logger(label: "pure.fixtures.randomuser"),
        served: @escaping @Sendable (ServedPage) -> Void = { _ in }
    ) {
        self.quota = quota
        self.logger = logger
        self.served = served
    }

    /// How many requests reached the server.
    public var requests: Int { requestCount.load(ordering: .relaxed) }

    /// A page of people the server answered with.
    public struct ServedPage: Equatable, Sendable {
        /// The page, from 1.
        public let page: Int
        /// How many people it held.
        public let results: Int
        /// The seed it was made from.
        public let seed: String
    }

    /// The pages of people served, in order.
    public var pagesServed: [ServedPage] { answered.withLockedValue { $0.pages } }

    /// How many photos were served.
    public var photosServed: Int { answered.withLockedValue { $0.photos } }

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

    private func router() -> Router<FixtureContext> {
        let router = Router(context: FixtureContext.self)
        for path in ["/", "/api", "/api/1.4"] {
            router.get(RouterPath(path)) { request, context in try await self.answer(request, context) }
        }
        router.get("/api/portraits/**") { request, _ in self.photo(request) }
        return router
    }

    private func answer(_ request: Request, _ context: FixtureContext) async throws -> Response {
        requestCount.add(1, ordering: .relaxed)
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters {
            query[String(name)] = String(value)
        }
        let people = PeopleRequest(query, photoBase: "http://\(request.head.authority ?? "127.0.0.1")/api/portraits")
        let faults = FaultPlan(query, page: people.page)
        if let delay = faults.delay {
            try await Task.sleep(for: delay)
        }
        if let wait = overQuota(people.count, client: context.client) {
            let seconds = Int(wait.components.seconds) + (wait.components.attoseconds > 0 ? 1 : 0)
            var response = json(
                "{\"error\":\"Too many requests: at most \(quota?.people ?? 0) people per window.\"}",
                status: .tooManyRequests)
            response.headers[.retryAfter] = String(seconds)
            return response
        }
        // Whatever the answer within the quota (a page, or a fault asked for), its window starts
        // once it is made.
        defer { windowOpened(by: context.client) }
        if let status = faults.status, shouldFail(faults) {
            var response = json("{\"error\":\"injected HTTP \(status)\"}", status: .init(code: status))
            if let seconds = faults.retryAfter { response.headers[.retryAfter] = String(seconds) }
            return response
        }
        if let message = faults.errorMessage {
            return json("{\"error\":\(jsonString(message))}", status: .ok)
        }
        if faults.malformed {
            return json("{\"results\":[{\"gender\":\"female\",\"name\":{\"first\":", status: .ok)
        }
        if faults.empty {
            return json(RandomUserGenerator(options: people.options).payload(count: 0, seed: people.seed), status: .ok)
        }
        var body = answer(people)
        if faults.truncate {
            body = body.getSlice(at: 0, length: body.readableBytes / 2) ?? ByteBuffer()
        }
        let page = ServedPage(page: people.page, results: people.count, seed: people.seed)
        answered.withLockedValue { $0.pages.append(page) }
        served(page)
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: body))
    }

    /// How long `client` must wait if `count` more people would take it past the quota; `nil`
    /// if they are within it (and then they are counted).
    private func overQuota(_ count: Int, client: String) -> Duration? {
        guard let quota else { return nil }
        let now = ContinuousClock.now
        return quotaUsed.withLockedValue { used in
            var window = used[client] ?? (nil, 0)
            if let since = window.since, now - since >= quota.window { window = (nil, 0) }
            guard window.people + count <= quota.people else { return (window.since ?? now) + quota.window - now }
            window.people += count
            used[client] = window
            return nil
        }
    }

    /// Starts `client`'s window at the answer that opened it, now sent: a window counts from
    /// when people were given, not from when they were asked for (making 5,000 people took
    /// most of a minute once, on a machine running every test under ThreadSanitizer).
    private func windowOpened(by client: String) {
        guard quota != nil else { return }
        let now = ContinuousClock.now
        quotaUsed.withLockedValue { used in
            if let window = used[client], window.since == nil { used[client] = (now, window.people) }
        }
    }

    /// A photo: a small PNG, or what `?fault=` asks for (`broken`: not an image, `huge`: 2 MiB,
    /// `missing`: 404).
    private func photo(_ request: Request) -> Response {
        answered.withLockedValue { $0.photos += 1 }
        switch request.uri.queryParameters["fault"] {
        case "missing":
            return Response(status: .notFound)
        case "broken":
            return Response(
                status: .ok, headers: [.contentType: "image/jpeg"],
                body: .init(byteBuffer: ByteBuffer(string: "<html>not an image</html>")))
        case "huge":
            var bytes = ByteBuffer(bytes: Self.portrait)
            bytes.writeRepeatingByte(0, count: 2 * 1_024 * 1_024)
            return Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: bytes))
        default:
            return Response(
                status: .ok, headers: [.contentType: "image/png"],
                body: .init(byteBuffer: ByteBuffer(bytes: Self.portrait)))
        }
    }

    /// A 1×1 PNG.
    static let portrait: [UInt8] = Array(
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
        ) ?? Data())

    /// Whether a `status` fault applies to this request: always, or for the first `times` of its key.
    private func shouldFail(_ faults: FaultPlan) -> Bool {
        guard let times = faults.times else { return true }
        return failuresServed.withLockedValue { served in
            let count = served[faults.key, default: 0]
            guard count < times else { return false }
            served[faults.key] = count + 1
            return true
        }
    }

    /// The answer for a request, generated once and kept when it named its seed (large answers
    /// are slow to make; one made from a fresh seed is never asked for again).
    private func answer(_ request: PeopleRequest) -> ByteBuffer {
        if let cached = answers.withLockedValue({ $0[request] }) { return cached }
        let generator = RandomUserGenerator(options: request.options)
        let body = ByteBuffer(
            string: generator.payload(
                count: request.count, start: request.start, seed: request.seed, page: request.page))
        if request.isSeeded { answers.withLockedValue { $0[request] = body } }
        return body
    }

    private func json(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
