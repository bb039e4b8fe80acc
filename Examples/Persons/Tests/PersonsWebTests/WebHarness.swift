import Hummingbird
import HummingbirdTesting
import Persons
import PersonsTestSupport

@testable import PersonsWeb

/// A server over a raft, tested in-process.
struct WebHarness {
    let raft: Raft
    let server: PersonsWebServer

    init(
        people: [Person] = Samples.people, switches: Switches = Switches(), addressBook: RecordingAddressBook? = nil
    ) async throws {
        raft = try await Raft(people: people, switches: switches, addressBook: addressBook)
        server = try PersonsWebServer(service: raft.vessel, limits: .patient)
    }

    /// Runs `body` with a client of the router (no sockets).
    func test<Value: Sendable>(_ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        try await Application(router: server.router()).test(.router, body)
    }
}

extension WebLimits {
    /// The server's limits in tests that are not about them: a connection may stay silent for
    /// two minutes, where the default closes it after 20 s. A whole test run under
    /// ThreadSanitizer on two cores once left a socket that long between connecting and sending
    /// its request, and the server closed it, as it should. LimitsTests tests the limits.
    static var patient: WebLimits {
        var limits = WebLimits()
        limits.live.idleTimeout = .seconds(120)
        limits.live.slowReaderTimeout = .seconds(120)
        return limits
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
}

/// A URL-encoded form body.
func form(_ fields: String) -> ByteBuffer {
    ByteBuffer(string: fields)
}

let formHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
