import Foundation
import PersonsGear
import RandomUserFixtures
import Testing

/// The bundled sample is the generator's output for a fixed seed, so it can be remade:
///
///     REGENERATE_SAMPLE=1 swift test --filter BundledSampleTests
@Suite("The bundled sample")
struct BundledSampleTests {
    static let count = 300
    static let seed: UInt64 = 2024

    static var file: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PersonsGear/Resources/randomuser-sample.json")
    }

    @Test("is the generator's output for its seed")
    func isGenerated() throws {
        let expected = RandomUserGenerator(options: .init(seed: Self.seed)).payload(count: Self.count)
        if ProcessInfo.processInfo.environment["REGENERATE_SAMPLE"] == "1" {
            try Data(expected.utf8).write(to: Self.file)
        }
        #expect(try String(contentsOf: Self.file, encoding: .utf8) == expected)
    }

    @Test("reads through the same decoding path as the API")
    func decodes() async throws {
        let access = RandomUserAccess(source: .bundled, client: HTTPJSONClient(transport: UnusedTransport()))
        let batch = try await access.users(of: RandomUserPage(number: 1, results: 1_000, seed: "a", keep: 1_000))
        #expect(batch.users.count == Self.count)
        #expect(batch.unreadable == 0)
        let limited = try await access.users(of: RandomUserPage(number: 1, results: 7, seed: "a", keep: 7))
        #expect(limited.users.count == 7)
        let beyond = try await access.users(of: RandomUserPage(number: 2, results: 7, seed: "a", keep: 7))
        #expect(beyond.users.isEmpty, "the sample is one page")
    }
}

/// A transport that must not be used.
struct UnusedTransport: HTTPTransport {
    func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPReply {
        Issue.record("the network was used for \(request.url)")
        throw URLError(.cancelled)
    }
}
