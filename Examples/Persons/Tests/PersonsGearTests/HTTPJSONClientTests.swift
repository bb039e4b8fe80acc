import Foundation
import NIOConcurrencyHelpers
import PersonsGear
import RandomUserFixtures
import Synchronization
import Testing

/// A transport that plays back a script of replies and failures, and records the requests.
final class ScriptedTransport: HTTPTransport {
    enum Step: Sendable {
        case reply(Int)
        /// No answer: the connection failed.
        case unreachable
        /// No answer in time, as the transport reports it.
        case timeout
    }

    private let steps: NIOLockedValueBox<[Step]>
    private let made = Atomic(0)

    init(_ steps: [Step]) {
        self.steps = NIOLockedValueBox(steps)
    }

    var requests: Int { made.load(ordering: .relaxed) }

    func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPReply {
        made.add(1, ordering: .relaxed)
        let step = steps.withLockedValue { $0.isEmpty ? Step.reply(200) : $0.removeFirst() }
        switch step {
        case .reply(let status): return HTTPReply(status: status, body: Data("{\"status\":\(status)}".utf8))
        case .unreachable: throw CancellationError()
        case .timeout: throw HTTPFailure.timedOut
        }
    }
}

// A time limit on sockets and processes: a test that hangs fails instead of stalling the run.
@Suite("The HTTP gear", .timeLimit(.minutes(10)))
struct HTTPJSONClientTests {
    let url = URL(fileURLWithPath: "/").deletingLastPathComponent()
    let quick = RetryPolicy(attempts: 3, firstDelay: .milliseconds(1))

    @Test("server errors and network errors are retried until an answer comes")
    func retriesThenSucceeds() async throws {
        let transport = ScriptedTransport([.reply(503), .unreachable, .reply(200)])
        let body = try await HTTPJSONClient(transport: transport, retry: quick).get(url)
        #expect(String(decoding: body, as: UTF8.self) == #"{"status":200}"#)
        #expect(transport.requests == 3)
    }

    @Test("a client error fails at once, without retrying")
    func clientErrorIsFinal() async {
        let transport = ScriptedTransport([.reply(404)])
        await #expect(throws: HTTPFailure.status(404)) {
            try await HTTPJSONClient(transport: transport, retry: quick).get(url)
        }
        #expect(transport.requests == 1)
    }

    @Test("after the last attempt the last failure is reported")
    func givesUp() async {
        let transport = ScriptedTransport([.reply(500), .reply(502), .timeout])
        await #expect(throws: HTTPFailure.timedOut) {
            try await HTTPJSONClient(transport: transport, retry: quick).get(url)
        }
        #expect(transport.requests == 3)
    }

    @Test("backoff doubles from the first delay and stops at the maximum")
    func backoff() {
        let policy = RetryPolicy(attempts: 9, firstDelay: .milliseconds(100), maximumDelay: .seconds(1))
        #expect(
            (1...6).map { policy.delay(afterAttempt: $0) } == [
                .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1),
                .seconds(1),
            ])
        #expect(RetryPolicy(attempts: 0).attempts == 1)
    }

    @Test("AsyncHTTPClient talks to a real server on 127.0.0.1")
    func realTransport() async throws {
        try await RandomUserServer().withRunning { base in
            let url = RandomUserAccess.url(base: base, page: RandomUserPage(number: 1, results: 3, seed: "a", keep: 3))
            let reply = try await AsyncHTTPTransport().get(url, timeout: .seconds(60))
            #expect(reply.status == 200)
            let batch = try RandomUserAccess.decode(reply.body)
            #expect(batch.users.count == 3)
        }
    }
}
