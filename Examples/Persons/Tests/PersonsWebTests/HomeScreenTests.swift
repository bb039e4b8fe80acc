import Hummingbird
import HummingbirdTesting
import Persons
import PersonsTestSupport
import PureLive
import Testing

@testable import PersonsWeb

@Suite("The home screen")
struct HomeScreenTests {
    @Test("lists people in sections by region, with generation labels and usernames")
    func groupedList() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            let html = page.text
            #expect(html.contains("<h2>JP</h2>") && html.contains("<h2>KR</h2>") && html.contains("<h2>US</h2>"))
            let jp = try #require(html.range(of: "<h2>JP</h2>"))
            let kr = try #require(html.range(of: "<h2>KR</h2>"))
            #expect(jp.lowerBound < kr.lowerBound)
            #expect(html.contains(#"<span class="generation">TEEN</span> <span class="name">jroe</span>"#))
            #expect(html.contains(#"href="/people/p1""#))
            #expect(html.contains(">4 people<"))
        }
    }

    @Test("the person last opened is marked in the list, on the page and live")
    func lastOpened() async throws {
        let harness = try await WebHarness()
        _ = try await harness.raft.loadPersonAction("p1")
        try await harness.test { client in
            let html = try await client.execute(uri: "/", method: .get).text
            #expect(html.contains(#"<li class="last-opened"><a href="/people/p1">"#))
            #expect(html.components(separatedBy: "last-opened").count == 2)
        }
        let live = LiveParts(store: harness.raft.appState, page: HomeParts())
        _ = try await harness.raft.loadPersonAction("p2")
        let list = live.allFragments().first { $0.id == "list" }
        #expect(list?.html.contains(#"<li class="last-opened"><a href="/people/p2">"#) == true)
    }

    @Test("every switch has a button that posts its flip, and the list a plain form comes back to follows it")
    func everySwitchHasAButton() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            for name in Switches.Name.allCases {
                let isOn = harness.raft.appState.value.field[name]
                let before = try await client.execute(uri: "/", method: .get).text
                #expect(
                    before.contains(#"name="\#(name.rawValue)" value="\#(!isOn)" aria-pressed="\#(isOn)""#), "\(name)")
                let flip = try await client.execute(
                    uri: "/switches", method: .post, headers: formHeaders,
                    body: form("\(name.rawValue)=\(!isOn)&back=/"))
                #expect(flip.status == .seeOther, "\(name)")
                #expect(harness.raft.appState.value.field[name] == !isOn, "\(name)")
                #expect(harness.raft.appState.value.query.listed == harness.raft.appState.value.pageRequest)
                let after = try await client.execute(uri: "/", method: .get).text
                #expect(
                    after.contains(#"name="\#(name.rawValue)" value="\#(isOn)" aria-pressed="\#(!isOn)""#), "\(name)")
            }
        }
    }

    @Test("a plain list of names while both switches are off")
    func plainList() async throws {
        let harness = try await WebHarness(switches: Switches(isUsername: false, isRegion: false))
        try await harness.test { client in
            let html = try await client.execute(uri: "/", method: .get).text
            #expect(!html.contains("<h2>"))
            #expect(html.contains(#"<span class="name">Jane Roe</span>"#))
        }
    }

    @Test("the sync state shows progress, and a failure's message with a retry")
    func syncState() async throws {
        let harness = try await WebHarness()
        harness.raft.update { $0.sys.sync = .loading(permille: 450) }
        try await harness.test { client in
            let syncing = try await client.execute(uri: "/", method: .get).text
            #expect(syncing.contains("Syncing people… 45%"))
            harness.raft.update { $0.sys.sync = .failure("Check your internet connection.") }
            let failed = try await client.execute(uri: "/", method: .get).text
            #expect(failed.contains(#"<p class="failure" role="alert">Check your internet connection.</p>"#))
            #expect(failed.contains(">Retry</button>"))
        }
    }

    @Test("searching, filtering and paging change the listed page, then go back home")
    func searchAndPage() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let search = try await client.execute(
                uri: "/search", method: .post, headers: formHeaders, body: form("q=t"))
            #expect(search.status == .seeOther)
            #expect(search.headers[.location] == "/")
            #expect(harness.raft.appState.value.query.result.metas.map(\.id) == ["p3"])

            let filtered = try await client.execute(
                uri: "/search", method: .post, headers: formHeaders, body: form("q=&region=jp&gender=male"))
            #expect(filtered.status == .seeOther)
            #expect(harness.raft.appState.value.query.criteria.filters == [.region: "JP", .gender: "male"])
            #expect(harness.raft.appState.value.query.result.metas.map(\.id) == ["p2", "p3"])
            let home = try await client.execute(uri: "/", method: .get).text
            #expect(home.contains(#"<option value="male" selected>male</option>"#))
            #expect(home.contains(#"<input name="region" value="JP""#))

            let page = try await client.execute(
                uri: "/page", method: .post, headers: formHeaders, body: form("position=from%3AMark"))
            #expect(page.status == .seeOther)
            #expect(harness.raft.appState.value.query.criteria.position == .from("Mark"))
            #expect(harness.raft.appState.value.query.result.metas.map(\.id) == ["p2", "p3"])
        }
    }

    @Test("a filter's value no person can have is a page saying so, and changes nothing")
    func badFilter() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            for body in ["q=&region=Korea", "q=&gender=f", "q=&region=%E2%80%AEKR"] {
                let response = try await client.execute(
                    uri: "/search", method: .post, headers: formHeaders, body: form(body))
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.text.contains("anyone can have"), "\(body)")
            }
        }
        #expect(harness.raft.appState.value.query.criteria.filters.isEmpty)
    }

    @Test("the page's script gets 204 instead of a redirect")
    func fetchPosts() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            var headers = formHeaders
            headers[.init("X-Requested-With")!] = "fetch"
            let response = try await client.execute(uri: "/search", method: .post, headers: headers, body: form("q=Ma"))
            #expect(response.status == .noContent)
            #expect(harness.raft.appState.value.query.criteria.search == "Ma")
        }
    }

    @Test("the sync button starts a sync")
    func syncButton() async throws {
        let harness = try await WebHarness()
        // The syncs asked for run in the vessel's background work.
        let running = Task { try await harness.raft.run() }
        defer { running.cancel() }
        try await harness.test { client in
            let response = try await client.execute(uri: "/sync", method: .post)
            #expect(response.status == .seeOther)
        }
        for _ in 0..<500 where harness.raft.syncCount == 0 {
            try await Task.sleep(for: .milliseconds(2))
        }
        #expect(harness.raft.syncCount == 1)
    }

    @Test("person data is escaped, never rendered as HTML")
    func escaping() async throws {
        let hostile = Person(
            id: "x\"><script>", name: "<img src=x onerror=alert(1)>", username: "<b>u</b>", gender: .unknown,
            email: "a&b@example.com", age: 30, country: "KR", photo: "https://example.com/\"onerror=\"alert(2)")
        let harness = try await WebHarness(people: [hostile], switches: Switches(isUsername: false, isRegion: true))
        try await harness.test { client in
            let home = try await client.execute(uri: "/", method: .get).text
            #expect(home.contains("&lt;img src=x onerror=alert(1)&gt;"))
            #expect(!home.contains("<img src=x"))
            #expect(!home.contains("\"><script>"))
            let detail = try await client.execute(uri: "/people/x%22%3E%3Cscript%3E", method: .get)
            #expect(detail.status == .ok)
            #expect(detail.text.contains("&lt;img src=x onerror=alert(1)&gt;"))
            #expect(detail.text.contains("a&amp;b@example.com"))
            #expect(!detail.text.contains("\"onerror=\"alert(2)"))
        }
    }
}
