import Hummingbird
import HummingbirdTesting
import Persons
import PersonsTestSupport
import Testing

@Suite("The edit screen: a person edited, added and deleted from a form")
struct EditScreenTests {
    @Test("the form shows every field as stored, and a delete button")
    func formShown() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let page = try await client.execute(uri: "/people/p1/edit", method: .get)
            #expect(page.status == .ok)
            let jane = Samples.people[0]
            for field in PersonField.allCases where field != .gender {
                #expect(page.text.contains(#"name="\#(field.rawValue)""#), "\(field)")
                #expect(page.text.contains(#"value="\#(field.text(of: jane))""#), "\(field)")
            }
            #expect(page.text.contains(#"<option value="female" selected>"#))
            #expect(page.text.contains(#"href="/people/p1/delete""#), "a link to the page that asks once more")
            #expect(try await client.execute(uri: "/people/nobody/edit", method: .get).status == .notFound)
        }
    }

    @Test("a save goes to the person's page, which shows it; the fields not posted keep their values")
    func save() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let saved = try await client.execute(
                uri: "/people/p1/edit", method: .post, headers: formHeaders,
                body: form("name=Ada+Byron&email=ada%40example.org&age=37"))
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/people/p1")
            let page = try await client.execute(uri: "/people/p1", method: .get).text
            #expect(page.contains("<h1>Ada Byron</h1>"))
            #expect(page.contains("<dd>ada@example.org</dd>"))
            #expect(page.contains("<dd>(010)-123-4567</dd>"))
        }
    }

    @Test(
        "a save changes only the fields the user changed: a value saved elsewhere while the form was open stays, and a refused save keeps what the form first showed"
    )
    func saveOverAnotherSave() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let jane = Samples.people[0]
            let opened = try await client.execute(uri: "/people/p1/edit", method: .get).text
            // The form as a browser posts it: every field, and the value each showed.
            var fields: [String] = []
            for field in PersonField.allCases {
                let shown = field.text(of: jane)
                #expect(opened.contains(#"<input type="hidden" name="shown-\#(field.rawValue)" value="\#(shown)">"#))
                let typed = field == .cellphone ? "010-9999-0000" : shown
                fields += ["\(field.rawValue)=\(typed)", "shown-\(field.rawValue)=\(shown)"]
            }
            let body = fields.map { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(["="])) ?? $0 }
                .joined(separator: "&")
            // Meanwhile another tab saves a new email.
            var elsewhere = PersonDraft(jane)
            elsewhere[.email] = "jane@elsewhere.org"
            _ = try await harness.raft.editPersonAction("p1", elsewhere)

            let saved = try await client.execute(
                uri: "/people/p1/edit", method: .post, headers: formHeaders, body: form(body))
            #expect(saved.status == .seeOther)
            let stored = try await harness.raft.loadPersonAction("p1")
            #expect(stored.cellphone == "010-9999-0000", "the field the user changed is saved")
            #expect(stored.email == "jane@elsewhere.org", "the field they did not change keeps the other save")

            let refused = try await client.execute(
                uri: "/people/p1/edit", method: .post, headers: formHeaders,
                body: form(
                    body.replacingOccurrences(
                        of: "&age=\(PersonField.age.text(of: jane))&shown", with: "&age=200&shown")))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(#"<input type="hidden" name="shown-email" value="\#(jane.email)">"#))
        }
    }

    @Test("a refused save shows the form as typed, escaped, with what is wrong beside each field, and saves nothing")
    func refused() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let page = try await client.execute(
                uri: "/people/p1/edit", method: .post, headers: formHeaders,
                body: form("name=%3Cb%3EAda&email=not-an-address&age=200"))
            #expect(page.status == .unprocessableContent)
            #expect(page.text.contains(#"value="&lt;b&gt;Ada""#))
            #expect(!page.text.contains("<b>Ada"))
            #expect(page.text.contains("Nothing was saved: 2 fields need changing."))
            #expect(page.text.contains(#"id="problem-email""#) && page.text.contains(#"id="problem-age""#))
            #expect(!page.text.contains(#"id="problem-name""#))
            #expect(page.text.contains("Give an age from 0 to 150, or leave it empty."))
            let stored = try await harness.raft.loadPersonAction("p1")
            #expect(stored == Samples.people[0])
        }
    }

    @Test("a name typed with a combining mark after its quote stays inside the field's attribute")
    func combiningMarkAfterQuote() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            // `"` then U+0301: one character, which mustache's own escaping wrote as it is.
            let page = try await client.execute(
                uri: "/people/p1/edit", method: .post, headers: formHeaders,
                body: form("name=Ada%22%CC%81%20autofocus%20x%3D%22&email=not-an-address"))
            let escaped = "value=\"Ada&quot;\u{301} autofocus x=&quot;\"", unescaped = "\"\u{301}"
            #expect(page.status == .unprocessableContent)
            #expect(page.text.contains(escaped))
            #expect(!page.text.contains(unescaped))
        }
    }

    @Test("a person added from the form gets a page of their own and is listed")
    func add() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            #expect(try await client.execute(uri: "/add", method: .get).text.contains(#"action="/add""#))
            let added = try await client.execute(
                uri: "/add", method: .post, headers: formHeaders,
                body: form("name=Ada+Park&username=adap&gender=female&email=&age=36&country=kr&cellphone="))
            #expect(added.status == .seeOther)
            let address = try #require(added.headers[.location])
            #expect(address.hasPrefix("/people/"))
            #expect(try await client.execute(uri: address, method: .get).text.contains("<h1>Ada Park</h1>"))
            #expect(try await client.execute(uri: "/?q=ada", method: .get).text.contains(#"href="\#(address)""#))
            let refused = try await client.execute(
                uri: "/add", method: .post, headers: formHeaders, body: form("age=1"))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("Give a name."))
        }
    }

    @Test("a deleted person's page is gone, and the list no longer has them")
    func delete() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let deleted = try await client.execute(uri: "/people/p1/delete", method: .post)
            #expect(deleted.status == .seeOther)
            #expect(deleted.headers[.location] == "/deleted?gone=p1")
            #expect(try await client.execute(uri: "/people/p1", method: .get).status == .notFound)
            #expect(!(try await client.execute(uri: "/", method: .get).text.contains("/people/p1")))
            #expect(try await client.execute(uri: "/people/p1/delete", method: .post).status == .notFound)
        }
    }

    @Test(
        "a delete asks once more, saying the card goes from the address book too; the deleted come back from their page"
    )
    func deleteAsksAndRestores() async throws {
        let book = RecordingAddressBook()
        let harness = try await WebHarness(addressBook: book)
        _ = try await harness.raft.syncAddressBookAction()
        try await harness.test { client in
            let asking = try await client.execute(uri: "/people/p1/delete", method: .get)
            #expect(asking.status == .ok)
            #expect(asking.text.contains("<h1>Delete Jane Roe?</h1>"))
            #expect(asking.text.contains("Their card goes from the address book at \(book.collection) too"))
            #expect(asking.text.contains(#"<form method="post" action="/people/p1/delete">"#))
            #expect(try await client.execute(uri: "/people/nobody/delete", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/people/p1/delete", method: .post).status == .seeOther)
            let deleted = try await client.execute(uri: "/deleted", method: .get)
            #expect(deleted.text.contains("<span>Jane Roe</span> <small>deleted here on "))
            #expect(deleted.text.contains(#"action="/people/p1/restore""#))
            #expect(!deleted.text.contains("was deleted"))
            // Just after the delete, the page says who went, with Undo, which brings them back.
            let just = try await client.execute(uri: "/deleted?gone=p1", method: .get)
            #expect(just.text.contains("<title>Jane Roe was deleted"))
            #expect(
                just.text.contains(
                    #"<div class="notice" role="status"><p><strong>Jane Roe</strong> was deleted.</p> <form method="post" action="/people/p1/restore"><button type="submit" aria-label="Undo: bring back Jane Roe">Undo</button></form>"#
                ))
            for other in ["/deleted?gone=nobody", "/deleted?gone=%3Cb%3E", "/deleted?gone="] {
                let page = try await client.execute(uri: other, method: .get)
                #expect(page.status == .ok && !page.text.contains("was deleted"), "\(other)")
            }
            let tooLong = try await client.execute(
                uri: "/deleted?gone=" + String(repeating: "a", count: 1_001), method: .get)
            #expect(tooLong.status == .badRequest)
            let restored = try await client.execute(uri: "/people/p1/restore", method: .post)
            #expect(restored.status == .seeOther && restored.headers[.location] == "/people/p1")
            #expect(try await client.execute(uri: "/people/p1", method: .get).text.contains("<h1>Jane Roe</h1>"))
            #expect(try await client.execute(uri: "/people/p1/restore", method: .post).status == .notFound)
            #expect(try await client.execute(uri: "/deleted", method: .get).text.contains("Nobody was deleted"))
        }
        _ = try await harness.raft.syncAddressBookAction()
        #expect(book.people["p1"]?.name == "Jane Roe", "restored, and sent back to the address book")
    }

    @Test("an account's several address books are offered as a choice; the one posted is linked, another refused")
    func bookChosen() async throws {
        let family = RecordingAddressBook(collection: "http://127.0.0.1/recording/ada/family/")
        let work = RecordingAddressBook(collection: "http://127.0.0.1/recording/ada/work/")
        let harness = try await WebHarness(addressBook: RecordingAddressBook(account: [family, work]))
        await #expect(throws: Fizzle.self) { _ = try await harness.raft.syncAddressBookAction() }
        try await harness.test { client in
            let home = try await client.execute(uri: "/", method: .get).text
            #expect(home.contains(#"<form class="offered" method="post" action="/carddav/book">"#))
            #expect(
                home.contains(
                    #"<label title="\#(work.collection)"><input type="radio" name="address" value="\#(work.collection)" required> No name, 0 cards</label>"#
                ))
            let bad = try await client.execute(
                uri: "/carddav/book", method: .post, headers: formHeaders,
                body: form("address=http%3A%2F%2F127.0.0.1%3A9%2Fother%2F&back=/"))
            #expect(bad.status == .conflict)
            #expect(bad.text.contains("That address book is not one the account offers"))
            let chosen = try await client.execute(
                uri: "/carddav/book", method: .post, headers: formHeaders,
                body: form(
                    "address=\(work.collection.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&back=/"))
            #expect(chosen.status == .seeOther)
            #expect(!(try await client.execute(uri: "/", method: .get).text.contains(#"class="offered""#)))
        }
        #expect(try await harness.raft.syncAddressBookAction() == "Sent 4 changes; received 0.")
        #expect(work.people.count == 4 && family.people.isEmpty)
    }

    @Test("the home page names five people with a choice waiting and links to the page of every one")
    func everyChoice() async throws {
        let book = RecordingAddressBook()
        let people = (1...7).map {
            Person.sample(
                id: "c\($0)", name: "Chooser \($0)", nameParts: nil, username: "chooser\($0)", gender: .female,
                email: "c\($0)@here.example", age: 30, country: "KR", cellphone: nil, photo: nil)
        }
        let harness = try await WebHarness(people: people, addressBook: book)
        _ = try await harness.raft.syncAddressBookAction()
        for person in people {
            book.change(person.id) { $0.email = "\(person.id)@there.example" }
            var draft = PersonDraft(person)
            draft[.email] = "\(person.id)@elsewhere.example"
            _ = try await harness.raft.editPersonAction(person.id, draft)
        }
        _ = try await harness.raft.syncAddressBookAction()
        try await harness.test { client in
            let home = try await client.execute(uri: "/", method: .get).text
            #expect(home.contains(#"<a href="/people/c5">Chooser 5</a>: Email"#))
            #expect(!home.contains(#"<a href="/people/c6">Chooser 6</a>: Email"#))
            #expect(home.contains(#"<a href="/carddav/choices">2 more: every choice waiting, on one page</a>"#))
            let page = try await client.execute(uri: "/carddav/choices", method: .get)
            #expect(page.status == .ok)
            for person in people {
                #expect(page.text.contains(#"<li><a href="/people/\#(person.id)">\#(person.name)</a>: Email</li>"#))
            }
        }
        _ = try await harness.raft.resolveConflictAction("c1", .email, .here)
        try await harness.test { client in
            let page = try await client.execute(uri: "/carddav/choices", method: .get).text
            #expect(!page.contains(#"href="/people/c1""#) && page.contains(#"href="/people/c7""#))
        }
    }

    @Test("deletions held back are shown with both choices; each choice posted is done, and a bad one refused")
    func heldDeletions() async throws {
        let book = RecordingAddressBook()
        let harness = try await WebHarness(addressBook: book)
        _ = try await harness.raft.syncAddressBookAction()
        for person in Samples.people { book.remove(person.id) }
        await #expect(throws: Fizzle.deletionsHeld(4, of: 4)) { _ = try await harness.raft.syncAddressBookAction() }
        try await harness.test { client in
            let home = try await client.execute(uri: "/", method: .get)
            #expect(home.text.contains("The address book no longer has 4 of the 4 people linked with it"))
            #expect(
                home.text.contains(#"<button type="submit" name="accept" value="true">Delete them here too</button>"#))
            #expect(home.text.contains(#"<a href="/people/p1">Jane Roe</a>"#))
            let bad = try await client.execute(
                uri: "/carddav/deletions", method: .post, headers: formHeaders, body: form("accept=maybe"))
            #expect(bad.status == .badRequest)
            let putBack = try await client.execute(
                uri: "/carddav/deletions", method: .post, headers: formHeaders, body: form("accept=false&back=/"))
            #expect(putBack.status == .seeOther)
        }
        #expect(harness.raft.appState.value.sys.book.held.isEmpty)
        #expect(try await harness.raft.syncAddressBookAction() == "Sent 4 changes; received 0.")
        #expect(book.people.count == 4)
    }

    @Test(
        "a field changed here and in the address book shows both values on the person's page, and the choice posted is kept"
    )
    func conflictChosen() async throws {
        let book = RecordingAddressBook()
        let harness = try await WebHarness(addressBook: book)
        _ = try await harness.raft.syncAddressBookAction()
        book.change("p1") { $0.email = "jane@work.example" }
        var draft = PersonDraft(Samples.people[0])
        draft[.email] = "jane@home.example"
        _ = try await harness.raft.editPersonAction("p1", draft)
        _ = try await harness.raft.syncAddressBookAction()
        try await harness.test { client in
            let page = try await client.execute(uri: "/people/p1", method: .get).text
            #expect(
                page.contains(#"<form class="conflict" method="post" action="/people/p1/conflict" data-field="email">"#)
            )
            #expect(page.contains("Keep here: <q>jane@home.example</q>"))
            #expect(page.contains("<q>jane@work.example</q>"))
            for refused in ["field=email&keep=both", "field=photo&keep=here", "keep=here"] {
                let answer = try await client.execute(
                    uri: "/people/p1/conflict", method: .post, headers: formHeaders, body: form(refused))
                #expect(answer.status == .badRequest, "\(refused)")
            }
            let chosen = try await client.execute(
                uri: "/people/p1/conflict", method: .post, headers: formHeaders, body: form("field=email&keep=there"))
            #expect(chosen.status == .seeOther)
            #expect(chosen.headers[.location] == "/people/p1")
            let after = try await client.execute(uri: "/people/p1", method: .get).text
            #expect(after.contains("<dd>jane@work.example</dd>") && !after.contains("class=\"conflict\""))
            let again = try await client.execute(
                uri: "/people/p1/conflict", method: .post, headers: formHeaders, body: form("field=email&keep=here"))
            #expect(again.status == .conflict)
            #expect(again.text.contains("The email has no values to choose between any more: nothing was saved."))
        }
        _ = try await harness.raft.syncAddressBookAction()
        #expect(book.people["p1"]?.email == "jane@work.example")
    }

    @Test("another site's page cannot edit, add, delete or choose")
    func crossSite() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            var headers = formHeaders
            headers[.origin] = "https://evil.example"
            for uri in ["/people/p1/edit", "/people/p1/delete", "/people/p1/conflict", "/add"] {
                let refused = try await client.execute(uri: uri, method: .post, headers: headers, body: form("name=X"))
                #expect(refused.status == .forbidden, "\(uri)")
            }
            #expect(try await harness.raft.loadPersonAction("p1") == Samples.people[0])
        }
    }
}
