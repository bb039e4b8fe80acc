import Hummingbird
import HummingbirdTesting
import Persons
import PersonsTestSupport
import Testing

@Suite("The detail screen")
struct DetailScreenTests {
    @Test("a deep link shows the person, and sets the route")
    func deepLink() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let page = try await client.execute(uri: "/people/p1", method: .get)
            #expect(page.status == .ok)
            let html = page.text
            for text in [
                "<h1>Jane Roe</h1>", "<dt>Nick</dt><dd>jroe</dd>", "<dt>Email</dt><dd>jane@example.com</dd>",
                "<dt>Age</dt><dd>19</dd>", "<dt>Region</dt><dd>KR</dd>", "<dt>Phone</dt><dd>(010)-123-4567</dd>",
                #"<img src="/photos/\#(PhotoFile.name(for: "https://example.com/jane.jpg"))""#,
                #"<span class="initials" aria-hidden="true">JR</span>"#,
            ] {
                #expect(html.contains(text), "\(text)")
            }
            #expect(harness.raft.appState.value.route.uis == "p1")
        }
    }

    @Test(
        "what is not known shows as unknown: no age, no region, no generation, on the person's page, the list and the filter"
    )
    func unknownShownUnknown() async throws {
        let mum = Person.sample(
            id: "mum", name: "Mum", nameParts: nil, username: "", gender: .unknown, email: "", age: nil,
            country: Person.noRegion, cellphone: nil, photo: nil)
        let harness = try await WebHarness(people: Samples.people + [mum])
        try await harness.test { client in
            let page = try await client.execute(uri: "/people/mum", method: .get).text
            #expect(page.contains("<dt>Age</dt><dd>–</dd>") && page.contains("<dt>Region</dt><dd>No region</dd>"))
            let home = try await client.execute(uri: "/", method: .get).text
            #expect(home.contains("<h2>No region</h2>"), "the list's heading")
            #expect(home.contains(#"<option value="ZZ">No region (1)</option>"#), "the filter's choice")
            #expect(home.contains(#"<span class="generation"></span> <span class="who"><span class="name">Mum</span>"#))
            let edit = try await client.execute(uri: "/people/mum/edit", method: .get).text
            #expect(
                edit.contains(#"name="age" type="number" value="""#)
                    && edit.contains(#"name="country" type="text" value="""#))
            for page in [page, home, edit] {
                #expect(!page.contains(">ZZ<") && !page.contains("ZZ (") && !page.contains("<dd>0</dd>"))
                #expect(!page.contains(">Child<"))
            }
        }
    }

    @Test("the region is shown only while the region switch is on; no photo shows initials")
    func regionFollowsSwitch() async throws {
        let harness = try await WebHarness(switches: Switches(isUsername: true, isRegion: false))
        try await harness.test { client in
            let html = try await client.execute(uri: "/people/p2", method: .get).text
            #expect(!html.contains("<dt>Region</dt>"))
            #expect(!html.contains("<img"))
            #expect(html.contains(">ML</span>"))
        }
    }

    @Test("an unknown id gets a not-found page with the message")
    func unknownPerson() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let page = try await client.execute(uri: "/people/nobody", method: .get)
            #expect(page.status == .notFound)
            #expect(page.text.contains("There is no person with the id nobody."))
            #expect(page.text.contains("<h1>Not found</h1>"))
        }
    }

    @Test(
        "MOVE shows the action's text or its error message",
        arguments: [
            (Switches(isUsername: true, isRegion: true), "LEGWING", "result"),
            (Switches(isUsername: false, isRegion: true), "Cannot fly.", "failure"),
            (Switches(isUsername: true, isRegion: false), "Cannot walk.", "failure"),
        ])
    func move(switches: Switches, text: String, kind: String) async throws {
        let harness = try await WebHarness(switches: switches)
        try await harness.test { client in
            var headers = HTTPFields()
            headers[.init("X-Requested-With")!] = "fetch"
            let fragment = try await client.execute(uri: "/people/p1/move", method: .post, headers: headers)
            #expect(fragment.status == .ok)
            #expect(fragment.text.contains(#"<p class="\#(kind)" role="status">\#(text)</p>"#))
            #expect(!fragment.text.contains("<html"))
            let page = try await client.execute(uri: "/people/p1/move", method: .post)
            #expect(page.text.contains("<html") && page.text.contains(text))
        }
    }
}
