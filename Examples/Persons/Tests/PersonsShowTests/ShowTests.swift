import Foundation
import Testing

@testable import PersonsShow

@Suite("Shows")
struct ShowTests {
    @Test("every template parses")
    func templatesParse() throws {
        try Shows.check()
    }

    @Test("no template writes data unescaped")
    func noUnescapedTags() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PersonsShow")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 10)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("{{{"), "\(file) writes unescaped data")
            #expect(!text.contains("{{&"), "\(file) writes unescaped data")
        }
    }

    @Test("text and attributes are escaped")
    func escaping() {
        let html = Shows.render(
            PersonRowView(label: "<b>", name: "a & \"b\" 'c'", username: "<i>", href: "/x\" onclick=\"y"))
        #expect(
            html
                == #"<li><a href="/x&quot; onclick=&quot;y"><span class="generation">&lt;b&gt;</span> <span class="who"><span class="name">a &amp; &quot;b&quot; &#39;c&#39;</span> <span class="username">&lt;i&gt;</span></span></a></li>"#
        )
    }

    @Test("a special character followed by a combining mark is escaped all the same, and ends no attribute")
    func escapingWithCombiningMarks() {
        // One character each to mustache's own escaping, which let them through as they are.
        let html = Shows.render(
            PersonRowView(
                label: "<\u{301}script>", name: "&\u{301}amp; '\u{20DD}", username: ">\u{301}",
                href: "/people/a\"\u{301} onmouseover=alert(1) x=\""))
        #expect(html.contains(#"href="/people/a&quot;\#u{301} onmouseover=alert(1) x=&quot;">"#))
        #expect(html.contains("&lt;\u{301}script&gt;"))
        #expect(html.contains("&amp;\u{301}amp; &#39;\u{20DD}"))
        #expect(html.contains("&gt;\u{301}"))
        let plain = Shows.render(PersonRowView(label: "a", name: "b", username: "c", href: "/people/d"))
        let quotes = { (html: String) in html.unicodeScalars.filter { $0 == "\"" }.count }
        #expect(quotes(html) == quotes(plain), "only the template's own quotes")
    }

    @Test("escaping keeps every other character, and text with nothing to escape, as it is")
    func escapingKeepsText() {
        let escaping = HTMLEscaping()
        #expect(escaping.escapeText("김민준 O\u{301}lafur 👩🏽‍💻") == "김민준 O\u{301}lafur 👩🏽‍💻")
        #expect(escaping.escapeText("") == "")
        #expect(escaping.escapeText("a<b>&\"c'👍") == "a&lt;b&gt;&amp;&quot;c&#39;👍")
    }

    @Test(
        "the search form shows its text; its options a choice per filter, Everyone first, then its values, labelled and escaped, and the orders, all sent with the form"
    )
    func search() {
        let form = Shows.render(SearchView(text: "a\"d"))
        #expect(form.contains(#"<form id="search" "#))
        #expect(form.contains(#"<input type="search" name="q" value="a&quot;d""#))
        let html = Shows.render(
            SearchOptionsView(
                filters: [
                    .init(
                        name: "gender", label: "Gender", value: "male", choices: [("female", "f"), ("male", "m (2)")]),
                    .init(name: "region", label: "Region", value: "", choices: [("K\"R", "K\"R (1)")]),
                ],
                orders: [.init(value: "age", label: "Age", isSelected: true)]))
        #expect(html.contains(#"<select name="gender" form="search"><option value="">Everyone</option>"#))
        #expect(html.contains(#"<option value="male" selected>m (2)</option>"#))
        #expect(html.contains(#"<option value="female">f</option>"#))
        #expect(html.contains(#"<option value="K&quot;R">K&quot;R (1)</option>"#))
        #expect(html.contains(#"<select name="order" form="search"><option value="age" selected>Age</option>"#))
        #expect(html.contains(#"<button type="submit" form="search">Search</button>"#))
    }

    @Test("the list shows its rows and links to the pages around it; its summary, why it is empty and its message")
    func list() {
        let row = PersonRowView(label: "Child", name: "Ann", href: "/people/1")
        let middle = Shows.render(
            PeopleListView(
                sections: [.init(title: "KR", rows: [row])], previous: "/?at=before%3AAnn",
                next: "/?q=\"x\"&at=after%3ABo", jumps: [.init(label: "M", href: "/?at=from%3AM")]))
        #expect(middle.contains(#"<a class="button" href="/?at=from%3AM#list" data-live-patch>M</a>"#))
        #expect(middle.contains("<h2>KR</h2>"))
        #expect(middle.contains(#"href="/?at=before%3AAnn#list" rel="prev" data-live-patch>Previous"#))
        #expect(middle.contains(#"href="/?q=&quot;x&quot;&amp;at=after%3ABo#list" rel="next" data-live-patch>Next"#))
        let none = Shows.render(PeopleListView(sections: [], previous: nil, next: nil))
        #expect(!none.contains("Previous") && !none.contains("Next") && !none.contains("jumps"))
        let summary = Shows.render(ListSummaryView(summary: "250 people", empty: nil, message: nil))
        #expect(summary.contains(#"<p class="summary">250 people</p>"#) && !summary.contains("empty"))
        let empty = Shows.render(
            ListSummaryView(summary: "0 people", empty: "No people yet.", message: "Cannot read the item."))
        #expect(empty.contains("No people yet.") && empty.contains("Cannot read the item."))
    }

    @Test("a list whose rows are written one by one is the list as its template renders it")
    func listWritingRows() {
        let rows = [
            PersonRowView(label: "Child", name: "Ann <Lee>", username: "ann", href: "/people/1", isLastOpened: true),
            PersonRowView(label: "Teen", name: "Bo", href: "/people/2"),
        ]
        let lists = [
            PeopleListView(
                sections: [.init(title: "KR", rows: rows), .init(title: "F\"R", rows: [rows[1]])],
                previous: "/?at=before%3AAnn", next: "/?at=after%3ABo",
                jumps: [.init(label: "M", href: "/?at=from%3AM")]),
            PeopleListView(sections: [.init(title: nil, rows: rows)], previous: nil, next: "/?at=after%3ABo"),
            PeopleListView(sections: [.init(title: nil, rows: [])], previous: nil, next: nil),
            PeopleListView(sections: [], previous: nil, next: nil),
        ]
        for list in lists {
            var written: [PersonRowView] = []
            let html = list.html { row, html in
                written.append(row)
                html += Shows.render(row)
            }
            #expect(html == Shows.render(list))
            #expect(written == list.sections.flatMap(\.rows), "every row, in order")
        }
    }

    @Test("a sync that skipped records says so beside the re-sync button; a failure hides it")
    func syncNote() {
        let note = Shows.render(SyncStatusView(progress: nil, failure: nil, note: "Skipped 2 records."))
        #expect(
            note.contains(#"<p class="note">Skipped 2 records.</p>"#) && note.contains("Sync people from the directory")
        )
        let failed = Shows.render(SyncStatusView(progress: nil, failure: "Offline", note: "Skipped 2 records."))
        #expect(!failed.contains("Skipped"))
    }

    @Test("the address book's part says how the last exchange ended, and when, as a time the page's script words")
    func lastExchange() {
        let last = AddressBookView.Exchange(at: 1_764_327_303, succeeded: true, outcome: "Sent 2 changes; received 1.")
        let kept = Shows.render(AddressBookView(isSyncing: false, outcome: nil, failure: nil, lastExchange: last))
        #expect(
            kept.contains(
                #"Last exchange <time datetime="2025-11-28T10:55:03Z" data-ago>2025-11-28 10:55:03 UTC</time>: "#
                    + "Sent 2 changes; received 1.</p>"))
        let now = Shows.render(
            AddressBookView(isSyncing: false, outcome: "Sent 1 change; received 0.", failure: nil, lastExchange: last))
        #expect(!now.contains("Address book: Sent 1 change") && now.contains("Last exchange"), "the kept one is newer")
        let first = Shows.render(AddressBookView(isSyncing: false, outcome: "Sent 1 change; received 0.", failure: nil))
        #expect(first.contains("Address book: Sent 1 change; received 0."))
        let syncing = Shows.render(AddressBookView(isSyncing: true, outcome: nil, failure: nil, lastExchange: last))
        #expect(syncing.contains("Syncing with the address book") && !syncing.contains("Last exchange"))
        let failed = AddressBookView.Exchange(at: 1_764_327_303, succeeded: false, outcome: "The server failed.")
        #expect(
            Shows.render(AddressBookView(isSyncing: false, outcome: nil, failure: nil, lastExchange: failed))
                .contains("</time>, failed: The server failed."))
    }

    @Test("the address book's part names the linked book, its address on hover only, with what the link does now")
    func linked() {
        let linked = AddressBookView.Linked(
            name: "Family", address: "http://x/book/", line: "Saves here go there within seconds.")
        let html = Shows.render(AddressBookView(isSyncing: false, outcome: nil, failure: nil, linked: linked))
        #expect(
            html.contains(
                #"Kept in step with the address book <span class="book" title="http://x/book/">Family</span>. "#
                    + "Saves here go there within seconds.</p>"))
        #expect(html.components(separatedBy: "http://x/book/").count == 2, "the address only in the title")
        // A name and an address are the server's: escaped in the text and in the attribute.
        let hostile = Shows.render(
            AddressBookView(
                isSyncing: false, outcome: nil, failure: nil,
                linked: .init(name: "<img src=x onerror=alert(1)>", address: #"http://x/"onmouseover="1"#, line: "")))
        #expect(!hostile.contains("<img") && hostile.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!hostile.contains(#""onmouseover="1""#))
        #expect(html.contains("Sync with the address book</button>"))
    }

    @Test("the books an account offers are a choice, one per line, not a failure, and nothing is synced before it")
    func offered() {
        let html = Shows.render(
            AddressBookView(
                isSyncing: false, outcome: nil, failure: "The account has 2 address books: choose one.",
                offered: [
                    .init(address: "http://x/ada/family/", label: "Family, 12 cards"),
                    .init(address: "http://x/ada/work/", label: "Work, 1 card"),
                ]))
        #expect(!html.contains("role=\"alert\"") && !html.contains("choose one."))
        let asked = Shows.render(
            AddressBookView(
                isSyncing: false, outcome: nil, failure: nil,
                lastExchange: .init(at: 1_764_327_303, succeeded: false, outcome: "Choose one."),
                offered: [.init(address: "http://x/ada/work/", label: "Work, 1 card")]))
        #expect(!asked.contains("Choose one."), "the exchange that ended asking is the choice")
        #expect(html.contains(#"<label title="http://x/ada/family/"><input type="radio""#))
        #expect(!html.contains(">http://"), "no address as text")
        #expect(!html.contains("Sync with the address book") && !html.contains("Try again"))
        let failed = Shows.render(AddressBookView(isSyncing: false, outcome: nil, failure: "The server failed."))
        #expect(failed.contains("Try again</button>") && failed.contains(#"role="alert""#))
    }

    @Test("avatars fall back to initials")
    func avatar() {
        #expect(Shows.render(AvatarView(photo: nil, name: "zoë park")).contains(">ZP</span>"))
        #expect(!Shows.render(AvatarView(photo: nil, name: "Ann")).contains("<img"))
    }

    @Test("the sync state shows progress or a retry")
    func sync() {
        #expect(Shows.render(SyncStatusView(progress: 333, failure: nil)).contains("33%"))
        let failed = Shows.render(SyncStatusView(progress: nil, failure: "Offline"))
        #expect(failed.contains("Offline") && failed.contains("Retry"))
    }
}
