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
            let row = #"<span class="name">Jane Roe</span> <span class="username">jroe</span>"#
            #expect(html.contains(#"<span class="generation">Teen</span> <span class="who">\#(row)</span>"#))
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
        let list = await harness.raft.openListAction(ListCriteria())
        let live = LiveParts(store: harness.raft.appState, scene: list, of: \.lists, page: HomeParts())
        _ = try await harness.raft.loadPersonAction("p2")
        let fragment = live.allFragments().first { $0.id == "list" }
        #expect(fragment?.html.contains(#"<li class="last-opened"><a href="/people/p2">"#) == true)
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

    @Test("a sync's progress shows on every page that shows it; a failure's message with a retry on the directory's")
    func syncState() async throws {
        let harness = try await WebHarness()
        harness.raft.update { $0.sys.sync = .loading(permille: 450) }
        try await harness.test { client in
            for page in ["/", "/directory"] {
                let syncing = try await client.execute(uri: page, method: .get).text
                #expect(syncing.contains("Syncing people… 45%"), "\(page)")
            }
            harness.raft.update { $0.sys.sync = .failure("Check your internet connection.") }
            let failed = try await client.execute(uri: "/directory", method: .get).text
            #expect(failed.contains(#"<p class="failure" role="alert">Check your internet connection.</p>"#))
            #expect(failed.contains(">Retry the directory</button>"))
        }
    }

    @Test("a list's criteria are its address: the search, the filters and the position, each shown")
    func criteriaInTheAddress() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let rows = { (html: String) in Samples.people.map(\.id).filter { html.contains("href=\"/people/\($0)\"") } }
            let search = try await client.execute(uri: "/?q=t", method: .get)
            #expect(search.status == .ok)
            #expect(rows(search.text) == ["p3"])
            #expect(search.text.contains(#"<input type="search" name="q" value="t""#))

            let filtered = try await client.execute(uri: "/?q=&region=jp&gender=male", method: .get).text
            #expect(rows(filtered).sorted() == ["p2", "p3"])
            #expect(filtered.contains(#"<option value="male" selected>male (3)</option>"#))
            #expect(filtered.contains(#"<option value="JP" selected>JP (2)</option>"#))
            let jump = #"href="/?region=JP&amp;gender=male&amp;at=from%3AM#list" data-live-patch>M</a>"#
            #expect(filtered.contains(jump))

            let from = try await client.execute(uri: "/?region=JP&gender=male&at=from%3AMark", method: .get).text
            #expect(rows(from).sorted() == ["p2", "p3"])
            #expect(
                from.contains(
                    #"<input type="hidden" name="back" value="/?region=JP&amp;gender=male&amp;at=from%3AMark">"#))
        }
    }

    @Test("every declared order is a choice of the search form, and its address lists in that order")
    func everyOrder() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            for order in ListOrder.allCases {
                let criteria = ListCriteria(order: order)
                let html = try await client.execute(uri: ListAddress.path(criteria), method: .get).text
                let value = ListAddress.value(of: order)
                #expect(html.contains(#"<option value="\#(value)" selected>\#(order.label)</option>"#))
                let shown = html.ranges(of: #/href="/people/([^"/]+)"/#).map {
                    String(html[$0].dropFirst(14).dropLast())
                }
                let expected = Samples.page(of: Samples.people, PageRequest(criteria: criteria, isRegion: true))
                #expect(shown == expected.metas.map(\.id), "\(order)")
            }
        }
    }

    @Test("an address no list can have is a page saying why, with a 400")
    func badAddress() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let cases = [
                ("/?region=Korea", "anyone can have"), ("/?gender=f", "anyone can have"),
                ("/?region=%E2%80%AEKR", "anyone can have"), ("/?at=nowhere", "no such place in the list"),
                ("/?order=shoe", "no such order"), ("/?order=Name", "no such order"),
                ("/?q=%00", "could not be understood"), ("/?q=%zz", "could not be understood"),
                ("/?q=" + String(repeating: "x", count: ListAddress.valueLimit + 1), "could not be understood"),
            ]
            for (uri, message) in cases {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .badRequest, "\(uri)")
                #expect(response.text.contains(message), "\(uri)")
            }
        }
    }

    @Test("the sync button's plain form comes back to the list it was on; the page's script gets 204")
    func syncComesBack() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let plain = try await client.execute(
                uri: "/sync", method: .post, headers: formHeaders, body: form("back=%2F%3Fq%3Dt"))
            #expect(plain.status == .seeOther)
            #expect(plain.headers[.location] == "/?q=t")
            let away = try await client.execute(
                uri: "/sync", method: .post, headers: formHeaders, body: form("back=%2F%2Fevil.example"))
            #expect(away.headers[.location] == "/")
            var headers = formHeaders
            headers[.init("X-Requested-With")!] = "fetch"
            let fetched = try await client.execute(uri: "/sync", method: .post, headers: headers, body: form("back=/"))
            #expect(fetched.status == .noContent)
        }
    }

    @Test("the directory's sync is offered on its page only; the home page shows a failure, linking there")
    func syncOnItsPage() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let home = try await client.execute(uri: "/", method: .get).text
            #expect(!home.contains(#"action="/sync""#) && home.contains(#"href="/directory""#))
            let directory = try await client.execute(uri: "/directory", method: .get).text
            #expect(directory.contains(#"<form method="post" action="/sync" data-live>"#))
            #expect(directory.contains("Sync people from the directory</button>"))
            harness.raft.update { $0.sys.sync = .failure("Check your internet connection.") }
            let failed = try await client.execute(uri: "/", method: .get).text
            #expect(failed.contains("Check your internet connection.") && !failed.contains(#"action="/sync""#))
            #expect(failed.contains(#"<a href="/directory">Try again on the directory's page</a>"#))
        }
    }

    @Test("the address book's line says what the link does now: checks while a page is open, or not; saves that wait")
    func linkLine() async throws {
        let book = RecordingAddressBook()
        let harness = try await WebHarness(addressBook: book)
        _ = try await harness.raft.syncAddressBookAction()
        try await harness.test { client in
            let pulled = try await client.execute(uri: "/", method: .get).text
            #expect(pulled.contains("changes made there show here at the next exchange."))
            harness.raft.vessel.watchAddressBook(upTo: .seconds(4), while: { true })
            let watched = try await client.execute(uri: "/", method: .get).text
            #expect(watched.contains("changes made there show here within seconds while a page is open."))
            book.fail(with: .addressBook("The address book's server failed: the app tries again later."))
            _ = try? await harness.raft.syncAddressBookAction()
            let failed = try await client.execute(uri: "/", method: .get).text
            #expect(failed.contains("The last exchange failed: saves here wait"))
            #expect(!failed.contains("within seconds") && failed.contains("Sync with the address book</button>"))
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
        let hostile = Person.sample(
            id: "x\"><script>", name: "<img src=x onerror=alert(1)>", nameParts: nil, username: "<b>u</b>",
            gender: .unknown, email: "a&b@example.com", age: 30, country: "KR", cellphone: nil,
            photo: "https://example.com/\"onerror=\"alert(2)")
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
