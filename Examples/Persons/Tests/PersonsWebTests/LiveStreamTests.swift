import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Persons
import PersonsTestSupport
import PureTesting
import Testing

@testable import PersonsWeb

/// The live streams, over a real socket: fragments arrive as the state changes, and a closed
/// page releases what its view model watched.
// A time limit on sockets and processes: a test that hangs fails instead of stalling the run.
@Suite("Live updates", .timeLimit(.minutes(2)))
struct LiveStreamTests {
    /// Reads server-sent events from a response body until a fragment matching `predicate`.
    struct EventReader {
        var body: HTTPClientResponse.Body.AsyncIterator
        var buffered = ""
        /// The `id:` of the last fragment read.
        var lastID: Int?
        /// Fragments that came without an `id:`.
        var withoutID = 0

        mutating func fragment(where predicate: (String, String) -> Bool) async throws -> (id: String, html: String)? {
            while true {
                while let end = buffered.range(of: "\n\n") {
                    let event = String(buffered[..<end.lowerBound])
                    buffered = String(buffered[end.upperBound...])
                    let lines = event.split(separator: "\n")
                    guard let data = lines.first(where: { $0.hasPrefix("data: ") }) else {
                        continue
                    }
                    if let id = lines.first(where: { $0.hasPrefix("id: ") }).flatMap({ Int($0.dropFirst(4)) }) {
                        lastID = id
                    } else {
                        withoutID += 1
                    }
                    let payload = try JSONDecoder().decode([String: String].self, from: Data(data.dropFirst(6).utf8))
                    if let id = payload["id"], let html = payload["html"], predicate(id, html) { return (id, html) }
                }
                guard let chunk = try await body.next() else { return nil }
                buffered += String(buffer: chunk)
            }
        }

        /// Reads until each of `predicates` has matched a fragment, in whatever order the parts
        /// come; the ids of the fragments read meanwhile that matched none, and whether all did.
        mutating func fragments(
            matching predicates: [(String, String) -> Bool]
        ) async throws -> (others: [String], allMatched: Bool) {
            var pending = predicates
            var others: [String] = []
            while !pending.isEmpty {
                let found = try await fragment { id, html in
                    if let index = pending.firstIndex(where: { $0(id, html) }) {
                        pending.remove(at: index)
                        return true
                    }
                    others.append(id)
                    return false
                }
                guard found != nil else { return (others, false) }
            }
            return (others, true)
        }
    }

    func withStream(
        _ harness: WebHarness, path: String, _ body: @Sendable (inout EventReader) async throws -> Void
    ) async throws {
        try await Application(router: harness.server.router()).test(.live) { client in
            let port = try #require(client.port)
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
            request.method = .GET
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
            #expect(response.status == .ok)
            #expect(response.headers["content-type"].first == "text/event-stream")
            var reader = EventReader(body: response.body.makeAsyncIterator())
            try await body(&reader)
        }
    }

    @Test("a switch flipped elsewhere reaches an open home page as fragments")
    func homeFollowsSwitches() async throws {
        let harness = try WebHarness()
        try await withStream(harness, path: "/events?screen=home") { reader in
            _ = try await reader.fragment { id, _ in id == "list" }
            try await harness.raft.applyRegionAction(false)
            // The switch and the list change in one update: each part comes once, in any order,
            // and the search box, unchanged, does not come at all.
            let flipped = try await reader.fragments(matching: [
                { id, html in id == "switches" && html.contains(#"name="isRegion" value="true""#) },
                { id, html in id == "list" && !html.contains("<h2>") },
            ])
            #expect(flipped.allMatched)
            await harness.raft.applySearchAction("Jane")
            let searched = try await reader.fragments(matching: [
                { id, html in id == "search" && html.contains(#"value="Jane""#) }
            ])
            #expect(searched.allMatched)
            // Between the flip and the search: the search's own list at most, nothing sent twice.
            #expect(searched.others.allSatisfy { $0 == "list" } && searched.others.count <= 1, "\(searched.others)")
        }
    }

    @Test("a detail page hides the region when the switch goes off")
    func detailFollowsSwitch() async throws {
        let harness = try WebHarness()
        try await withStream(harness, path: "/events?screen=detail&id=p1") { reader in
            let first = try await reader.fragment { id, _ in id == "person" }
            #expect(first?.html.contains("<dt>Region</dt>") == true)
            try await harness.raft.applyRegionAction(false)
            let hidden = try await reader.fragment { id, html in id == "person" && !html.contains("<dt>Region</dt>") }
            #expect(hidden != nil)
        }
    }

    @Test("closing a page's stream releases its subscriptions")
    func closingReleases() async throws {
        let harness = try WebHarness()
        let before = harness.raft.appState.subscriptionCount
        try await withStream(harness, path: "/events?screen=home") { reader in
            _ = try await reader.fragment { id, _ in id == "list" }
            await waitUntil { harness.raft.appState.subscriptionCount == before + Self.homeParts }
            #expect(harness.server.openStreams == 1)
        }
        for _ in 0..<1_000 where harness.raft.appState.subscriptionCount != before || harness.server.openStreams != 0 {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(harness.raft.appState.subscriptionCount == before)
        #expect(harness.server.openStreams == 0)
    }

    /// How many parts a home page and a person's page have: one subscription each per hub.
    static let homeParts = LiveParts<Roger>.declared(in: HomeParts()).count
    static let detailParts = LiveParts<Roger>.declared(in: DetailParts(Samples.people[0])).count

    /// Opens a stream on each of `paths` and reads each one's first `part`: a page that opens
    /// gets every part at once, whenever it opens.
    func openPages(_ paths: [String], port: Int, first part: String) async throws -> [EventReader] {
        var readers: [EventReader] = []
        for path in paths {
            let request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
            var reader = EventReader(body: response.body.makeAsyncIterator())
            #expect(try await reader.fragment { id, _ in id == part } != nil)
            readers.append(reader)
        }
        return readers
    }

    @Test(
        "open pages of one screen share one hub: its subscriptions once for all, every page gets every change",
        arguments: [
            // Five home pages: one hub, watching what each of its parts reads.
            (Array(repeating: "/events?screen=home", count: 5), "switches", homeParts),
            // Three pages of p1 and one of p2: two hubs, watching what each of their parts reads.
            (["p1", "p1", "p1", "p2"].map { "/events?screen=detail&id=\($0)" }, "person", 2 * detailParts),
        ])
    func pagesShareHubs(paths: [String], part: String, subscriptions: Int) async throws {
        let harness = try WebHarness()
        let before = harness.raft.appState.subscriptionCount
        try await Application(router: harness.server.router()).test(.live) { client in
            var readers = try await openPages(paths, port: try #require(client.port), first: part)
            await waitUntil { harness.raft.appState.subscriptionCount == before + subscriptions }
            #expect(harness.raft.appState.subscriptionCount == before + subscriptions)
            #expect(harness.server.openStreams == paths.count)
            try await harness.raft.applyRegionAction(false)
            for index in readers.indices {
                // The switches say the region is off; a person's details no longer show it.
                let followed = try await readers[index].fragment { id, html in
                    id == part
                        && (part == "person"
                            ? !html.contains("<dt>Region</dt>") : html.contains(#"name="isRegion" value="true""#))
                }
                #expect(followed != nil)
            }
        }
        for _ in 0..<1_000 where harness.raft.appState.subscriptionCount != before || harness.server.openStreams != 0 {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(harness.raft.appState.subscriptionCount == before)
        #expect(harness.server.screens.details.count == 0)
    }

    @Test("a page that reconnects with its last event id catches up with what changed while it was away")
    func reconnectCatchesUp() async throws {
        let harness = try WebHarness()
        try await Application(router: harness.server.router()).test(.live) { client in
            let port = try #require(client.port)
            let address = "http://127.0.0.1:\(port)/events?screen=home"
            let first = Task {
                let response = try await HTTPClient.shared.execute(
                    HTTPClientRequest(url: address), timeout: .seconds(10))
                var reader = EventReader(body: response.body.makeAsyncIterator())
                _ = try await reader.fragment { id, _ in id == "switches" }
                return (reader.lastID, reader.withoutID)
            }
            let (seen, withoutID) = try await first.value
            let lastID = try #require(seen)
            #expect(withoutID == 0)
            // The connection is gone (the reader was dropped); the switch flips meanwhile.
            await waitUntil { harness.server.openStreams == 0 }
            try await harness.raft.applyRegionAction(false)

            var again = HTTPClientRequest(url: address)
            again.headers.add(name: "Last-Event-ID", value: String(lastID))
            let response = try await HTTPClient.shared.execute(again, timeout: .seconds(10))
            var reader = EventReader(body: response.body.makeAsyncIterator())
            let caughtUp = try await reader.fragment { id, html in
                id == "switches" && html.contains(#"name="isRegion" value="true""#)
            }
            #expect(caughtUp != nil)
            #expect(try #require(reader.lastID) > lastID)
            #expect(reader.withoutID == 0)
        }
    }

    @Test("a stream for an unknown person is a not-found page, not a stream")
    func unknownDetailStream() async throws {
        let harness = try WebHarness()
        try await harness.test { client in
            let response = try await client.execute(uri: "/events?screen=detail&id=nobody", method: .get)
            #expect(response.status == .notFound)
        }
    }
}
