import Foundation
import Persons
import PersonsTestSupport
import PersonsVessel
import Pure
import PureLive
import PureTesting
import Testing

@testable import PersonsWeb

/// The live pages, over real sockets: parts arrive as the state changes, open pages of one
/// address share one hub, and a closed page releases what its hub watched.
// A time limit on sockets and processes: a test that hangs fails instead of stalling the run.
@Suite("Live updates", .timeLimit(.minutes(10)))
struct LiveStreamTests {
    /// How many subscriptions a page's hub holds on the app state: one, what its page reads (the
    /// app state and, for a list's page, its list), whatever its parts.
    static let subscriptionsPerHub = 1

    @Test("a switch flipped elsewhere reaches an open home page as parts")
    func homeFollowsSwitches() async throws {
        let harness = try await WebHarness()
        try await withRunningServer(harness.server, running: harness.raft.vessel) { port in
            var socket = try await LiveSocketClient.open(port: port, path: "/")
            #expect(socket.isUpgraded, "\(socket.status)")
            _ = try await socket.part { id, _ in id == "list" }
            try await harness.raft.applyRegionAction(false)
            // The switch and the list change in one update: each part comes once, in any order,
            // and the search box, unchanged, does not come at all.
            let flipped = try await socket.parts(matching: [
                { id, html in id == "switches" && html.contains(#"name="isRegion" value="true""#) },
                { id, html in id == "list" && !html.contains("<h2>") },
            ])
            #expect(flipped.allMatched)
            await socket.connection.close()
        }
    }

    @Test("two addresses of the home page list their own searches, and a switch reaches both")
    func addressesOfTheirOwn() async throws {
        let harness = try await WebHarness()
        try await withRunningServer(harness.server, running: harness.raft.vessel) { port in
            var everyone = try await LiveSocketClient.open(port: port, path: "/")
            var jane = try await LiveSocketClient.open(port: port, path: "/?q=Jane")
            let all = try await everyone.part { id, _ in id == "summary" }
            let one = try await jane.part { id, _ in id == "summary" }
            #expect(all?.html.contains(">4 people<") == true)
            #expect(one?.html.contains(">1 person<") == true)
            #expect(harness.server.live.openAddresses == 2)
            try await harness.raft.applyRegionAction(false)
            for socket in [everyone, jane] {
                var socket = socket
                let flipped = try await socket.part { id, html in
                    id == "switches" && html.contains(#"name="isRegion" value="true""#)
                }
                #expect(flipped != nil)
            }
            let janeSearch = try await jane.parts(matching: [{ id, _ in id == "list" }])
            #expect(janeSearch.allMatched)
            await everyone.connection.close()
            await jane.connection.close()
        }
    }

    @Test("an edit and a deletion reach every open page of the person, and the list")
    func detailFollowsEdits() async throws {
        let harness = try await WebHarness()
        try await withRunningServer(harness.server, running: harness.raft.vessel) { port in
            var first = try await LiveSocketClient.open(port: port, path: "/people/p1")
            var second = try await LiveSocketClient.open(port: port, path: "/people/p1")
            var list = try await LiveSocketClient.open(port: port, path: "/")
            for socket in [first, second] { #expect(socket.isUpgraded) }
            _ = try await list.part { id, _ in id == "list" }
            var draft = PersonDraft(Samples.people[0])
            draft[.name] = "Ada Byron"
            draft[.username] = "adab"
            _ = try await harness.raft.editPersonAction("p1", draft)
            let isEdited = { (id: String, html: String) in id == "person" && html.contains("<h1>Ada Byron</h1>") }
            #expect(try await first.part(where: isEdited) != nil, "the first page")
            #expect(try await second.part(where: isEdited) != nil, "the second page")
            #expect(
                try await list.part { id, html in id == "list" && html.contains("adab") } != nil,
                "the list shows usernames")
            try await harness.raft.deletePersonAction("p1")
            let gone = try await first.part { id, html in
                id == "person" && html.contains("Ada Byron has been deleted.") && !html.contains("/edit")
            }
            #expect(gone != nil)
            for socket in [first, second, list] { await socket.connection.close() }
        }
    }

    @Test("a change of a long part comes as an edit of it, which makes the part a page opened afresh is sent whole")
    func partsComeAsEdits() async throws {
        let harness = try await WebHarness()
        try await withRunningServer(harness.server, running: harness.raft.vessel) { port in
            var list = try await LiveSocketClient.open(port: port, path: "/")
            _ = try await list.part { id, _ in id == "list" }
            var draft = PersonDraft(Samples.people[0])
            draft[.name] = "Ada Łovelace 🦊"
            _ = try await harness.raft.editPersonAction("p1", draft)
            _ = try await list.part { id, html in id == "list" && html.contains("Ada Łovelace 🦊") }
            // A draft of the person as stored now: the name's parts shown are the new name's.
            var ada = Samples.people[0]
            ada.name = "Ada Łovelace 🦊"
            draft = PersonDraft(ada)
            draft[.username] = "adab"
            _ = try await harness.raft.editPersonAction("p1", draft)
            let edited = try #require(try await list.part { id, html in id == "list" && html.contains("adab") })
            #expect(list.edits >= 2, "the list's rows, each time")
            #expect(list.unappliedEdits == 0)
            var fresh = try await LiveSocketClient.open(port: port, path: "/")
            let whole = try #require(try await fresh.part { id, _ in id == "list" })
            #expect(Array(edited.html.utf8) == Array(whole.html.utf8))
            #expect(fresh.edits == 0)
            for socket in [list, fresh] { await socket.connection.close() }
        }
    }

    @Test(
        "a search moves a page over its socket: the new list is opened and shown, the old address's screen let go"
    )
    func searchMovesOverTheSocket() async throws {
        let harness = try await WebHarness()
        try await withRunningServer(harness.server, running: harness.raft.vessel) { port in
            var page = try await LiveSocketClient.open(port: port, path: "/?q=Jane")
            let jane = try await page.part { id, html in id == "summary" && html.contains(">1 person<") }
            #expect(jane != nil)
            try await page.connection.sendMessage("/?gender=male&order=age")
            let male = try await page.part { id, html in id == "summary" && html.contains(">3 people<") }
            #expect(male != nil, "the new address's parts")
            #expect(
                harness.raft.vessel.appState.value.lists[ListCriteria(filters: [.gender: "male"], order: .age)] != nil)
            // The raft keeps every list it opens (for the tests it records); the screens held are
            // the engine's.
            let deadline = ContinuousClock.now + .seconds(120)
            while harness.server.live.heldScreens != 1, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(harness.server.live.heldScreens == 1, "the old address's screen, and its list's hold, let go")
            #expect(harness.server.live.openAddresses == 1 && harness.server.live.openPages == 1)
            await page.connection.close()
        }
    }

    @Test("on the app's own Vessel, a page that moves, then closes, leaves no list open in the app state")
    func movedListsClose() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moves-\(UUID().uuidString)")
        let path = folder.appendingPathComponent("persons.sqlite").path
        defer { try? FileManager.default.removeItem(at: folder) }
        let vessel = try await Vessel.open(VesselConfiguration(databasePath: path))
        let server = try PersonsWebServer(service: vessel, limits: .patient)
        try await withRunningServer(server, running: vessel) { port in
            var page = try await LiveSocketClient.open(port: port, path: "/?q=a")
            _ = try await page.part { id, _ in id == "list" }
            for text in ["ab", "abc"] {
                try await page.connection.sendMessage("/?q=" + text)
            }
            let moved = [ListCriteria(search: "abc")]
            // Closing is a few hops of tasks, milliseconds alone. Nothing leaked: in full parallel
            // runs they took 8 to 40 s while tests blocked both threads of the concurrency pool
            // waiting for child processes (swiftc, Python), which now wait `offThePool`. The
            // wait catches a hang.
            let deadline = ContinuousClock.now + .seconds(120)
            while vessel.appState.value.lists.keys != moved, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(vessel.appState.value.lists.keys == moved, "the lists the page moved from are closed")
            await page.connection.close()
            while !vessel.appState.value.lists.keys.isEmpty, ContinuousClock.now < deadline + .seconds(120) {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(vessel.appState.value.lists.keys.isEmpty, "the page's last list is closed")
        }
    }

    @Test("a person's page hides the region when the switch goes off")
    func detailFollowsSwitch() async throws {
        let harness = try await WebHarness()
        try await withRunningServer(harness.server, running: harness.raft.vessel) { port in
            var socket = try await LiveSocketClient.open(port: port, path: "/people/p1")
            let first = try await socket.part { id, _ in id == "person" }
            #expect(first?.html.contains("<dt>Region</dt>") == true)
            try await harness.raft.applyRegionAction(false)
            let hidden = try await socket.part { id, html in id == "person" && !html.contains("<dt>Region</dt>") }
            #expect(hidden != nil)
            await socket.connection.close()
        }
    }

    @Test(
        "open pages of one address share one hub: its subscriptions once for all, every page gets every change",
        arguments: [
            // Five home pages: one hub, watching what each of its parts reads.
            (Array(repeating: "/", count: 5), "switches", subscriptionsPerHub, 1),
            // Three pages of p1 and one of p2: two hubs, watching what each of their parts reads.
            (["p1", "p1", "p1", "p2"].map { "/people/\($0)" }, "person", 2 * subscriptionsPerHub, 2),
        ])
    func pagesShareHubs(paths: [String], part: String, subscriptions: Int, addresses: Int) async throws {
        let harness = try await WebHarness()
        let before = harness.raft.appState.subscriptionCount
        try await withRunningServer(harness.server) { port in
            var sockets: [LiveSocketClient] = []
            for path in paths {
                var socket = try await LiveSocketClient.open(port: port, path: path)
                #expect(try await socket.part { id, _ in id == part } != nil)
                sockets.append(socket)
            }
            await waitUntil { harness.raft.appState.subscriptionCount == before + subscriptions }
            #expect(harness.raft.appState.subscriptionCount == before + subscriptions)
            #expect(harness.server.openPages == paths.count)
            #expect(harness.server.live.openAddresses == addresses)
            try await harness.raft.applyRegionAction(false)
            for index in sockets.indices {
                // The switches say the region is off; a person's details no longer show it.
                let followed = try await sockets[index].part { id, html in
                    id == part
                        && (part == "person"
                            ? !html.contains("<dt>Region</dt>") : html.contains(#"name="isRegion" value="true""#))
                }
                #expect(followed != nil)
            }
            for socket in sockets { await socket.connection.close() }
            await waitUntil { harness.raft.appState.subscriptionCount == before && harness.server.openPages == 0 }
            #expect(harness.raft.appState.subscriptionCount == before)
            #expect(harness.server.openPages == 0)
            #expect(harness.server.live.openAddresses == 0)
        }
    }

    @Test("a page that reconnects gets every part afresh, with newer change numbers")
    func reconnectCatchesUp() async throws {
        let harness = try await WebHarness()
        try await withRunningServer(harness.server, running: harness.raft.vessel) { port in
            var first = try await LiveSocketClient.open(port: port, path: "/")
            _ = try await first.part { id, _ in id == "switches" }
            let seen = try #require(first.lastChange)
            await first.connection.close()
            await waitUntil { harness.server.openPages == 0 }
            // The page is away while the switch flips.
            try await harness.raft.applyRegionAction(false)

            var again = try await LiveSocketClient.open(port: port, path: "/")
            let caughtUp = try await again.parts(matching: HomeParts.ids.map { part in { id, _ in id == part } })
            #expect(caughtUp.allMatched)
            #expect(try #require(again.lastChange) > seen)
            await again.connection.close()
        }
    }

    @Test("a page joining an address with a page open does not run its screen's open again")
    func joinsWithoutOpening() async throws {
        let harness = try await WebHarness()
        try await withRunningServer(harness.server, running: harness.raft.vessel) { port in
            var first = try await LiveSocketClient.open(port: port, path: "/people/p1")
            _ = try await first.part { id, _ in id == "person" }
            #expect(harness.raft.appState.value.route.uis == "p1", "the first page's open shows the person")
            harness.raft.update { $0.route.uis = "p2" }
            var joined: [LiveSocketClient] = []
            for _ in 0..<5 {
                var socket = try await LiveSocketClient.open(port: port, path: "/people/p1")
                _ = try await socket.part { id, _ in id == "person" }
                joined.append(socket)
            }
            #expect(harness.raft.appState.value.route.uis == "p2", "a page that joined ran open again")
            #expect(harness.server.live.openAddresses == 1)
            for socket in joined + [first] { await socket.connection.close() }
        }
    }

    @Test("a socket for an unknown person, or an address that is not a live page, is refused")
    func refused() async throws {
        let harness = try await WebHarness()
        try await withRunningServer(harness.server, running: harness.raft.vessel) { port in
            for path in ["/people/nobody", "/?region=Korea", "/nothing"] {
                let socket = try await LiveSocketClient.open(port: port, path: path)
                #expect(!socket.isUpgraded, "\(path): \(socket.status)")
                await socket.connection.close()
            }
        }
        #expect(harness.server.openPages == 0)
    }

    @Test("a socket from another site's page, or for another host name, is refused")
    func otherSites() async throws {
        let harness = try await WebHarness()
        try await withRunningServer(harness.server, running: harness.raft.vessel) { port in
            let foreign = try await LiveSocketClient.open(port: port, path: "/", origin: "http://evil.example")
            let rebound = try await LiveSocketClient.open(port: port, path: "/", host: "evil.example:\(port)")
            let program = try await LiveSocketClient.open(port: port, path: "/", origin: nil)
            #expect(!foreign.isUpgraded, "\(foreign.status)")
            #expect(!rebound.isUpgraded, "\(rebound.status)")
            #expect(program.isUpgraded, "a client that is no browser's page sends no Origin: \(program.status)")
            for socket in [foreign, rebound, program] { await socket.connection.close() }
        }
    }

    @Test("a server that stops closes every live socket, so pages reconnect to the next one")
    func shutdownCloses() async throws {
        let harness = try await WebHarness()
        let socket = try await withRunningServer(harness.server, running: harness.raft.vessel) { port in
            var socket = try await LiveSocketClient.open(port: port, path: "/")
            _ = try await socket.part { id, _ in id == "list" }
            return socket
        }
        let closed = try await socket.connection.readUntilClosed(timeout: .seconds(120))
        #expect(closed != nil)
        #expect(harness.server.openPages == 0)
    }
}

extension HomeParts {
    /// The ids of the home page's live parts.
    static var ids: [String] {
        LiveParts(
            store: MutableStore(Roger()).store, scene: ListHold(ListCriteria()) { _ in }, of: \.lists, page: HomeParts()
        )
        .parts.map(\.id)
    }
}
