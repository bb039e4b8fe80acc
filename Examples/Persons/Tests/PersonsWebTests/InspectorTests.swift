import Hummingbird
import HummingbirdTesting
import Persons
import PersonsReplay
import PersonsTestSupport
import PersonsVessel
import PersonsWorker
import Pure
import PureReplay
import Testing

@testable import PersonsWeb

/// `/inspector`: the journal of a real vessel's state, live, with restore and download.
// A time limit on sockets and processes: a test that hangs fails instead of stalling the run.
@Suite("The inspector", .timeLimit(.minutes(10)))
struct InspectorTests {
    let journal = Journal<Roger>()
    let vessel: Vessel
    let server: PersonsWebServer

    init() async throws {
        vessel = Vessel(
            db: try await PersonDBWorker.inMemory(holding: Samples.people), photos: RecordingPhotos(),
            web: { RecordingWeb() },
            journal: journal)
        server = try PersonsWebServer(
            service: vessel, limits: .patient,
            inspector: Inspector(journal: journal, restore: vessel.restoreStateAction))
    }

    func test(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await Application(router: server.router()).test(.router, body)
    }

    @Test("a flipped switch is listed under its use case, with what it changed")
    func entryOfASwitch() async throws {
        try await vessel.applyRegionAction(false)
        try await test { client in
            let html = try await client.execute(uri: "/inspector", method: .get).text
            #expect(html.contains("<strong>#1 ApplyRegionAction, "))
            #expect(html.contains("<li><code>field.isRegion</code>: true → false</li>"))
            #expect(html.contains(#"<option value="ApplyRegionAction">ApplyRegionAction</option>"#))
            #expect(html.contains(#"data-live="/inspector""#))
        }
    }

    @Test("the filter lists one use case's entries, an open list's marked as its, in the one journal")
    func filter() async throws {
        try await vessel.applyRegionAction(false)
        let list = await vessel.openListAction(ListCriteria(search: "Jane"))
        try await test { client in
            let html = try await client.execute(uri: "/inspector?useCase=ReadListsQuery", method: .get).text
            #expect(html.contains(#"<li class="entry" data-store="list /?q=Jane" data-sequence="3">"#))
            #expect(html.contains("<strong>#3 ReadListsQuery, "))
            #expect(html.contains(#"<li><code>lists[&quot;Jane&quot;].scene.result.total</code>: 0 → 1</li>"#))
            #expect(html.contains("Restore"), "a list's entry restores the app state it left, as any entry")
            #expect(!html.contains("<strong>#1 ApplyRegionAction"))
            #expect(html.contains(#"<option value="ReadListsQuery" selected>"#))
            let all = try await client.execute(uri: "/inspector", method: .get).text
            #expect(all.contains(#"data-store="app" data-sequence="1""#))
            let tooLong = try await client.execute(
                uri: "/inspector?useCase=" + String(repeating: "a", count: 201), method: .get)
            #expect(tooLong.status == .badRequest)
        }
        withExtendedLifetime(list) {}
    }

    @Test("restore brings an entry's state back, is itself listed, and a gone entry is a 404 page")
    func restore() async throws {
        try await vessel.applyRegionAction(false)
        try await vessel.applyRegionAction(true)
        try await test { client in
            let restored = try await client.execute(
                uri: "/inspector/restore", method: .post, headers: formHeaders, body: form("sequence=1"))
            #expect(restored.status == .seeOther)
            #expect(vessel.appState.value.field.isRegion == false)
            #expect(journal.entries.contains { $0.origin.kind == .restore(to: 1) })
            let gone = try await client.execute(
                uri: "/inspector/restore", method: .post, headers: formHeaders, body: form("sequence=99"))
            #expect(gone.status == .notFound)
            #expect(gone.text.contains("That entry has left the journal"))
            let garbled = try await client.execute(
                uri: "/inspector/restore", method: .post, headers: formHeaders, body: form("sequence=%ZZ"))
            #expect(garbled.status == .badRequest)
        }
    }

    @Test("a restore from another site is refused, like every other change")
    func crossSite() async throws {
        try await vessel.applyRegionAction(false)
        try await test { client in
            var headers = formHeaders
            headers[.origin] = "http://evil.example"
            let refused = try await client.execute(
                uri: "/inspector/restore", method: .post, headers: headers, body: form("sequence=1"))
            #expect(refused.status == .forbidden)
            #expect(journal.entries.count == 1)
        }
    }

    @Test("the download is the app state's journal as JSON lines, each call before the changes it made")
    func download() async throws {
        try await vessel.applyRegionAction(false)
        try await vessel.applyUsernameAction(false)
        try await test { client in
            let response = try await client.execute(uri: "/inspector/journal.jsonl", method: .get)
            #expect(response.headers[.contentDisposition] == #"attachment; filename="pure-journal.jsonl""#)
            let lines = response.text.split(separator: "\n")
            try #require(lines.count == 4)
            #expect(lines.count == journal.entries.count + journal.calls.count)
            #expect(lines[0].contains(#""kind":"call","#) && lines[0].contains(#""useCase":"applyRegionAction""#))
            #expect(
                lines[1].hasPrefix(#"{"sequence":1,"useCase":"ApplyRegionAction","#) && lines[1].contains(#""call":1,"#)
            )
            #expect(lines[2].contains(#""kind":"call","#) && lines[2].contains(#""useCase":"applyUsernameAction""#))
            #expect(
                lines[3].hasPrefix(#"{"sequence":2,"useCase":"ApplyUsernameAction","#)
                    && lines[3].contains(#""call":2,"#))
            #expect(response.text.contains(#"{"path":"field.isRegion","old":"true","new":"false"}"#))
        }
    }

    @Test("a range of calls exports as a test that replays them; a bad range is a page that says why")
    func export() async throws {
        try await vessel.applyRegionAction(false)
        _ = try await vessel.loadPersonAction(Samples.people[0].id)
        try await test { client in
            let response = try await client.execute(uri: "/inspector/test.swift?from=1&to=2", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentDisposition] == #"attachment; filename="RecordedCalls1To2Tests.swift""#)
            let test = try RecordedTest.test(of: JournalFile(jsonLines: journal.jsonLines()), calls: 1...2)
            #expect(response.text == test.source)
            #expect(response.text.contains("try await raft.applyRegionAction(false)"))
            #expect(response.text.contains(#"_ = try await raft.loadPersonAction("\#(Samples.people[0].id)")"#))
            let data = try await client.execute(uri: "/inspector/test.json?from=1&to=2", method: .get)
            #expect(data.headers[.contentDisposition] == #"attachment; filename="RecordedCalls1To2Tests.json""#)
            #expect(data.text == test.data)
            #expect(data.text.contains(#""id":"\#(Samples.people[0].id)""#), "the person read is in the Raft")
            for query in ["from=2&to=1", "from=0&to=1", "from=a&to=1", "to=1"] {
                let refused = try await client.execute(uri: "/inspector/test.swift?" + query, method: .get)
                #expect(refused.status == .badRequest, "\(query)")
            }
            let missing = try await client.execute(uri: "/inspector/test.swift?from=1&to=9", method: .get)
            #expect(missing.status == .unprocessableContent)
            #expect(missing.text.contains("Call 3 is not in the journal."))
        }
    }

    @Test("every person the range returned is in the Raft, once")
    func exportHoldsEveryPersonRead() async throws {
        for person in Samples.people.prefix(3) { _ = try await vessel.loadPersonAction(person.id) }
        _ = try await vessel.loadPersonAction(Samples.people[0].id)
        let test = try RecordedTest.test(of: JournalFile(jsonLines: journal.jsonLines()), calls: 1...4)
        let data = try JSONValue(parsing: test.data)
        let people = try #require(data["people"]?.array)
        #expect(people.count == 3)
        for person in Samples.people.prefix(3) {
            #expect(people.filter { $0["id"] == .string(person.id) }.count == 1, "\(person.id)")
        }
    }

    @Test("without an inspector there is no such page or socket")
    func absent() async throws {
        let plain = try PersonsWebServer(service: vessel, limits: .patient)
        try await withRunningServer(plain) { port in
            let socket = try await LiveSocketClient.open(port: port, path: "/inspector")
            #expect(socket.status.hasPrefix("HTTP/1.1 404") || !socket.isUpgraded, "\(socket.status)")
            await socket.connection.close()
        }
        try await Application(router: plain.router()).test(.router) { client in
            let page = try await client.execute(uri: "/inspector", method: .get)
            #expect(page.status == .notFound)
        }
    }

    @Test("an open inspector page receives each new entry")
    func live() async throws {
        try await withRunningServer(server) { port in
            var socket = try await LiveSocketClient.open(port: port, path: "/inspector")
            _ = try await socket.part { id, _ in id == "journal" }
            try await vessel.applyRegionAction(false)
            let entry = try await socket.part { id, html in
                id == "journal" && html.contains("<code>field.isRegion</code>: true → false")
            }
            #expect(entry != nil)
            await socket.connection.close()
        }
    }

    @Test("every inspector route and its socket answer only to a loopback name, whatever other names are allowed")
    func loopbackOnly() async throws {
        var limits = WebLimits.patient
        limits.allowedHosts = ["persons.local"]
        let allowing = try PersonsWebServer(
            service: vessel, limits: limits,
            inspector: Inspector(journal: journal, restore: vessel.restoreStateAction))
        try await vessel.applyRegionAction(false)
        let routes = allowing.router().routes.filter { $0.path.description.hasPrefix("/inspector") }.map { route in
            (
                name: "\(route)", isPost: route.method == .post,
                path: MethodTests.address(route.path)
                    + (route.path.description == "/inspector/test.swift" ? "?from=1&to=1" : "")
            )
        }
        #expect(routes.count >= 4, "\(routes)")
        try await withRunningServer(allowing) { port in
            for route in routes {
                let other = try await HostTests.request(
                    port: port, path: route.path, form: route.isPost ? "sequence=1" : nil, host: "persons.local:\(port)"
                )
                #expect(other.status == 421, "\(route.name)")
                #expect(!other.body.contains("field.isRegion"), "\(route.name)")
            }
            let page = try await HostTests.request(port: port, path: "/", form: nil, host: "persons.local:\(port)")
            #expect(page.status == 200, "the name allowed still opens the app's pages")
            for host in ["localhost", "127.0.0.1", "[::1]"] {
                let inspector = try await HostTests.request(
                    port: port, path: "/inspector", form: nil, host: "\(host):\(port)")
                #expect(inspector.status == 200, "\(host)")
            }
            let refused = try await LiveSocketClient.open(
                port: port, path: "/inspector", host: "persons.local:\(port)", origin: nil)
            #expect(!refused.isUpgraded, "\(refused.status)")
            await refused.connection.close()
            let socket = try await LiveSocketClient.open(port: port, path: "/inspector", origin: nil)
            #expect(socket.isUpgraded, "\(socket.status)")
            await socket.connection.close()
        }
        #expect(
            !journal.entries.contains { if case .restore = $0.origin.kind { true } else { false } },
            "a restore went through for another host")
    }
}
