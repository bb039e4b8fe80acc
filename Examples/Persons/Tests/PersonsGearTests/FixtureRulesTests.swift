import Foundation
import PersonsGear
import RandomUserFixtures
import Testing

/// The test server follows randomuser.me's documented rules, so that every sync test meets what
/// a user meets: when the two disagree, the fixture is wrong.
// A time limit on sockets and processes: a test that hangs fails instead of stalling the run.
@Suite("The test server keeps randomuser.me's rules", .timeLimit(.minutes(10)))
struct FixtureRulesTests {
    /// The ids and `info` of the answer to `query`, and its status.
    func ask(_ base: URL, _ query: String) async throws -> (status: Int, ids: [String], seed: String?, body: Data) {
        let url = try #require(URL(string: base.absoluteString + query))
        let reply = try await AsyncHTTPTransport().get(url, timeout: .seconds(30))
        guard reply.status == 200 else { return (reply.status, [], nil, reply.body) }
        let batch = try RandomUserAccess.decode(reply.body)
        let info = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
        let seed = (info?["info"] as? [String: Any])?["seed"] as? String
        return (200, batch.users.compactMap(\.login?.uuid), seed, reply.body)
    }

    @Test(
        "more than 5,000 people, none, or words, give one person",
        arguments: ["?results=5001&seed=a", "?results=0&seed=a", "?results=many&seed=a", "?seed=a"])
    func oneForBadResults(query: String) async throws {
        let ids = try await RandomUserServer().withRunning { base in try await ask(base, query).ids }
        #expect(ids.count == 1)
    }

    @Test("the same seed and page give the same people; pages follow on; no seed gives a fresh one")
    func seedAndPage() async throws {
        try await RandomUserServer().withRunning { base in
            let first = try await ask(base, "?results=50&seed=s1&page=1")
            let again = try await ask(base, "?results=50&seed=s1&page=1")
            let second = try await ask(base, "?results=50&seed=s1&page=2")
            let both = try await ask(base, "?results=100&seed=s1&page=1")
            #expect(first.ids.count == 50 && first.ids == again.ids && first.seed == "s1")
            #expect(both.ids == first.ids + second.ids)
            let fresh = try await ask(base, "?results=50")
            let other = try await ask(base, "?results=50")
            #expect(fresh.seed != nil && fresh.seed != other.seed && fresh.ids != other.ids)
            let beyond = try await ask(base, "?results=50&seed=s1&page=10001")
            #expect(beyond.ids == first.ids, "pages past 10,000 are page 1")
            #expect(try await ask(base, "?results=5000&seed=s1").ids.count == 5_000)
        }
    }

    @Test("past the quota of a client, 429 with a JSON error and Retry-After")
    func quota() async throws {
        try await RandomUserServer(quota: .init(people: 100, window: .seconds(60))).withRunning { base in
            #expect(try await ask(base, "?results=100&seed=q").status == 200)
            let url = try #require(URL(string: base.absoluteString + "?results=1&seed=q"))
            let refused = try await AsyncHTTPTransport().get(url, timeout: .seconds(30))
            #expect(refused.status == 429)
            #expect(refused.retryAfter.map { (.seconds(1)...(.seconds(60))).contains($0) } == true)
            #expect(String(decoding: refused.body, as: UTF8.self).hasPrefix(#"{"error":"#))
        }
    }

    @Test("empty pages on demand, and photos at the server's own address")
    func emptyAndPhotos() async throws {
        let server = RandomUserServer()
        try await server.withRunning { base in
            #expect(try await ask(base, "?results=10&seed=e&empty=1").ids.isEmpty)
            let page = try await ask(base, "?results=20&seed=e")
            let batch = try RandomUserAccess.decode(page.body)
            let photo = try #require(batch.users.compactMap(\.picture?.large).first)
            #expect(photo.hasPrefix(base.absoluteString + "api/portraits/"))
            let reply = try await AsyncHTTPTransport().get(try #require(URL(string: photo)), timeout: .seconds(30))
            #expect(reply.status == 200 && reply.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }
}
