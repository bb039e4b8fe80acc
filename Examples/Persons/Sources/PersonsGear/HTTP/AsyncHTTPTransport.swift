import AsyncHTTPClient
import Foundation
import NIOCore

/// The transport on AsyncHTTPClient (SwiftNIO): a request waits on its event loop without
/// using the processor, however slow the answer. (FoundationNetworking's `URLSession` on Linux
/// polled while waiting, about one core's worth.) Its body is read up to `largestBody` bytes.
///
/// ```swift
/// let client = HTTPJSONClient(transport: AsyncHTTPTransport())
/// ```
public struct AsyncHTTPTransport: HTTPTransport {
    private let client: HTTPClient
    private let largestBody: Int

    /// A transport on `client` (the process's shared one by default), reading bodies of up to
    /// `largestBody` bytes.
    public init(client: HTTPClient = .shared, largestBody: Int = 64 << 20) {
        self.client = client
        self.largestBody = largestBody
    }

    /// Performs a GET with `Accept: application/json`, the whole answer within `timeout`.
    public func get(_ url: URL, timeout: Duration) async throws -> HTTPReply {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "application/json")
        let deadline = ContinuousClock.now + timeout
        do {
            let response = try await client.execute(request, deadline: .now() + Self.amount(timeout))
            let body = try await Self.within(deadline) { [largestBody] in
                try await response.body.collect(upTo: largestBody)
            }
            return HTTPReply(
                status: Int(response.status.code), body: Data(body.readableBytesView),
                retryAfter: HTTPReply.retryAfter(response.headers.first(name: "Retry-After")))
        } catch let error as HTTPClientError
            where [.deadlineExceeded, .readTimeout, .connectTimeout].contains(error)
        {
            throw HTTPFailure.timedOut
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
