import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The transport on AsyncHTTPClient (SwiftNIO): a request waits on its event loop without
/// using the processor, however slow the answer. (FoundationNetworking's `URLSession` on Linux
/// polled while waiting, about one core's worth.) Its body is read up to `largestBody` bytes. On
/// ``unredirected`` a redirect comes back as it is, for the service above to decide what to make
/// of it; ``following`` (the directory's) follows it.
///
/// ```swift
/// let client = HTTPJSONClient(transport: AsyncHTTPTransport())
/// ```
public struct AsyncHTTPTransport: HTTPTransport {
    private let client: HTTPClient
    private let largestBody: Int

    /// A transport on `client` (``following`` by default), reading bodies of up to
    /// `largestBody` bytes.
    public init(client: HTTPClient = Self.following, largestBody: Int = 64 << 20) {
        self.client = client
        self.largestBody = largestBody
    }

    /// The process's client that follows redirects (up to 5, no cycles): one for the process,
    /// never shut down.
    public static let following = client(redirects: .follow(max: 5, allowCycles: false))

    /// The process's client that follows no redirect.
    public static let unredirected = client(redirects: .disallow)

    /// A client whose connection that cannot be made fails the request at once (refused, no
    /// route): the caller's retry policy decides what follows. AsyncHTTPClient's own retries
    /// would try again until the request's deadline, so a server that is down took the whole
    /// timeout (15 s, for each of the directory's attempts) to be told as unreachable.
    private static func client(redirects: HTTPClient.Configuration.RedirectConfiguration) -> HTTPClient {
        var configuration = HTTPClient.Configuration(redirectConfiguration: redirects)
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// Sends `request`, the whole answer within `timeout`.
    public func send(_ sent: HTTPRequest, timeout: Duration) async throws -> HTTPReply {
        var request = HTTPClientRequest(url: sent.url.absoluteString)
        request.method = HTTPMethod(rawValue: sent.method.rawValue)
        for header in sent.headers { request.headers.add(name: header.name, value: header.value) }
        if let body = sent.body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let deadline = ContinuousClock.now + timeout
        let largest = min(largestBody, sent.largestAnswer ?? largestBody)
        do {
            let response = try await client.execute(request, deadline: .now() + Self.amount(timeout))
            // Read as it comes, and no further than the limit: a larger body stops the read.
            let body = try await Self.within(deadline) {
                try await response.body.collect(upTo: largest)
            }
            let headers = response.headers.reduce(into: [String: String]()) { headers, header in
                let name = header.name.lowercased()
                if headers[name] == nil { headers[name] = header.value }
            }
            return HTTPReply(
                status: Int(response.status.code), body: Data(body.readableBytesView),
                retryAfter: HTTPReply.retryAfter(headers["retry-after"]), headers: headers)
        } catch let error as HTTPClientError
            where [.deadlineExceeded, .readTimeout, .connectTimeout].contains(error)
        {
            throw HTTPFailure.timedOut
        } catch is NIOTooManyBytesError {
            throw HTTPFailure.tooLarge(limit: largest)
        }
    }

    /// What `operation` returns, unless `deadline` comes first: then it is cancelled, and
    /// ``HTTPFailure/timedOut`` thrown.
    private static func within<T: Sendable>(
        _ deadline: ContinuousClock.Instant, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(until: deadline)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw HTTPFailure.timedOut }
            return value
        }
    }

    /// `duration` as NIO counts time, at most a day.
    private static func amount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(min(max(seconds, 0), 86_400) * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
