import CardDAVFixtures
import Foundation
import GRDB
import Persons
import PersonsGear
import PersonsTestSupport
import PersonsWorker
import Testing

@testable import PersonsVessel

/// The address book kept in step both ways, against real servers: Radicale and Xandikos on
/// loopback, the app's own Vessel on a database in memory, and the gear's client as the other
/// side (another client changing the same cards).
@Suite("The address book, both ways, against real servers", .serialized, .timeLimit(.minutes(10)))
struct AddressBookSyncTests {
    struct Setup {
        let server: CardDAVServer
        let vessel: Vessel
        let db: PersonDBWorker
        let other: CardDAVClient
        let book: AddressBookWorker
        /// The database the worker writes to, for what a test checks of it directly.
        let queue: DatabaseQueue

        /// Another Vessel on the same database, with the address book at `address`.
        func vessel(at address: String, user: String?, password: String?) throws -> Vessel {
            let book = try AddressBookWorker(address: address, user: user, password: password)
            return Vessel(db: db, photos: RecordingPhotos(), web: { RecordingWeb() }, addressBook: book)
        }

        /// Whether the database holds `count` people, and SQLite finds nothing wrong with it.
        func isIntact(holding count: Int) async throws -> Bool {
            let ok = try await queue.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
            return try await db.countPersons() == count && ok == ["ok"]
        }

        /// The cards on the server, as people, by id.
        func cards() async throws -> [Person.ID: (person: Person, text: String)] {
            let tags = try await other.tags()
            let cards = try await other.cards(tags.map(\.href))
            return try cards.reduce(into: [:]) { found, card in
                let text = try #require(card.text)
                let person = try #require(book.person(in: AddressCard(href: card.href, etag: card.etag, text: text)))
                found[person.id] = (person, text)
            }
        }

        /// Another client replaces `old` with `new` in the card of `id`.
        func change(_ id: Person.ID, _ old: String, to new: String) async throws {
            let card = try await tag(of: id)
            let text = try #require(try await other.cards([card.href]).first?.text)
            _ = try await other.update(
                card.href, card: text.replacingOccurrences(of: old, with: new), etag: try #require(card.etag))
        }

        /// What the database keeps of the address book.
        func links() async throws -> AddressBookLinks {
            try await db.readAddressBook(for: book.collection)
        }

        /// The card of `id` as the other client sees it.
        func tag(of id: Person.ID) async throws -> CardDAVClient.CardTag {
            try #require(try await other.tags().first { $0.href.hasSuffix("/\(id).vcf") })
        }
    }

    /// A Radicale or Xandikos (refusing requests larger than `largestRequest`, if given), and a
    /// Vessel on a database in memory holding `people` (the bundled sample's, with `isSample`)
    /// and linked with nothing yet.
    func withSetup(
        _ kind: CardDAVServer.Kind, people: [Person] = Samples.people, isSample: Bool = false,
        largestRequest: Int? = nil, _ body: (Setup) async throws -> Void
    )
        async throws
    {
        let server = try await CardDAVServer.start(kind, largestRequest: largestRequest)
        defer { server.stop() }
        let queue = try DatabaseQueue()
        let db = try PersonDBWorker(database: queue)
        let plan = SyncPlan(
            source: isSample ? SyncPlan.bundledSource : "http://127.0.0.1:1/api/", count: max(people.count, 1),
            seed: "s", pageSize: max(people.count, 1))
        _ = try await db.savePersons(PersonBatches(people), expected: people.count, recording: plan) { _ in }
        let book = try AddressBookWorker(address: server.address, user: server.user, password: server.password)
        let vessel = Vessel(db: db, photos: RecordingPhotos(), web: { RecordingWeb() }, addressBook: book)
        let account = try CardDAVAccount(address: server.address, user: server.user, password: server.password)
        try await body(
            Setup(
                server: server, vessel: vessel, db: db, other: CardDAVClient(account: account), book: book,
                queue: queue))
    }

    @Test(
        "the first sync merges both sides by UID: every person here a card there, every card there a person here",
        arguments: CardDAVServer.Kind.allCases)
    func firstSync(_ kind: CardDAVServer.Kind) async throws {
        try await withSetup(kind) { setup in
            _ = try await setup.other.create(
                named: "zed.vcf",
                card: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:zed\r\nFN:Zed Yu\r\nNOTE:theirs\r\nEND:VCARD\r\n")
            let report = try await setup.vessel.syncAddressBookAction()
            #expect(report == "Sent 4 changes; received 1.")
            let cards = try await setup.cards()
            #expect(Set(cards.keys) == Set(Samples.people.map(\.id) + ["zed"]))
            #expect(try await setup.db.readPerson(id: "zed").name == "Zed Yu")
            #expect(setup.vessel.appState.value.sys.addressBook == .success(report))
            let again = try await setup.vessel.syncAddressBookAction()
            #expect(again == "Sent 0 changes; received 0.")
        }
    }

    @Test(
        "a card made here and deleted by another client before the next exchange is deleted here too",
        arguments: CardDAVServer.Kind.allCases)
    func madeThenDeletedThere(_ kind: CardDAVServer.Kind) async throws {
        try await withSetup(kind) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            let added = try await setup.vessel.addPersonAction(
                PersonDraft([.name: "New Person", .age: "30", .country: "NZ"]))
            #expect(try await setup.vessel.syncAddressBookAction() == "Sent 1 change; received 0.")
            let card = try await setup.tag(of: added.id)
            try await setup.other.delete(card.href, etag: try #require(card.etag))
            // Xandikos names nothing made and deleted since a token: the one kept must follow the card.
            #expect(try await setup.vessel.syncAddressBookAction() == "Sent 0 changes; received 1.")
            #expect(try await setup.db.countPersons() == Samples.people.count)
        }
    }

    @Test(
        "an edit, an addition and a deletion here reach the server, keeping what another client set",
        arguments: CardDAVServer.Kind.allCases)
    func pushes(_ kind: CardDAVServer.Kind) async throws {
        try await withSetup(kind) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            // Another client adds a note to Jane's card.
            try await setup.change("p1", "END:VCARD", to: "NOTE:from my phone\r\nEND:VCARD")
            _ = try await setup.vessel.syncAddressBookAction()

            var draft = PersonDraft(Samples.people[0])
            draft[.email] = "ada@example.org"
            _ = try await setup.vessel.editPersonAction("p1", draft)
            let added = try await setup.vessel.addPersonAction(
                PersonDraft([.name: "New Person", .age: "30", .country: "NZ"]))
            try await setup.vessel.deletePersonAction("p4")
            let report = try await setup.vessel.syncAddressBookAction()
            #expect(report == "Sent 3 changes; received 0.")
            let cards = try await setup.cards()
            #expect(cards["p1"]?.person.email == "ada@example.org")
            #expect(cards["p1"]?.text.contains("NOTE:from my phone") == true)
            #expect(cards[added.id]?.person.name == "New Person")
            #expect(cards["p4"] == nil)
            #expect(try await setup.links().outbox.isEmpty)
        }
    }

    @Test(
        "a change and a deletion made by another client reach the person's open page and the lists",
        arguments: CardDAVServer.Kind.allCases)
    func pulls(_ kind: CardDAVServer.Kind) async throws {
        try await withSetup(kind) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            let page = try await setup.vessel.openPersonAction("p2")
            let list = await setup.vessel.openListAction(ListCriteria())
            try await setup.change("p2", "FN:Mark Lee", to: "FN:Marcus Lee")
            let tom = try await setup.tag(of: "p3")
            try await setup.other.delete(tom.href, etag: try #require(tom.etag))
            let report = try await setup.vessel.syncAddressBookAction()
            #expect(report == "Sent 0 changes; received 2.")
            #expect(setup.vessel.appState.value.people[page.key]?.person?.name == "Marcus Lee")
            let rows = setup.vessel.appState.value.lists[list.key]?.result.metas ?? []
            #expect(rows.contains { $0.name == "Marcus Lee" } && !rows.contains { $0.id == "p3" })
            // The directory's next sync brings back neither the old name nor the deleted person.
            _ = try await setup.db.savePersons(Samples.people) { _ in }
            #expect(try await setup.db.readPerson(id: "p2").name == "Marcus Lee")
            await #expect(throws: Fizzle.notFound("p3")) { _ = try await setup.db.readPerson(id: "p3") }
        }
    }

    @Test(
        "a card changed there while it changed here merges field by field (412): nothing is lost",
        arguments: CardDAVServer.Kind.allCases)
    func conflict(_ kind: CardDAVServer.Kind) async throws {
        try await withSetup(kind) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            try await setup.change("p1", "FN:Jane Roe", to: "FN:Janet Roe")
            var draft = PersonDraft(Samples.people[0])
            draft[.email] = "janet@example.org"
            _ = try await setup.vessel.editPersonAction("p1", draft)
            let report = try await setup.vessel.syncAddressBookAction()
            #expect(report.contains("1 merged with changes made there"), "\(report)")
            let card = try #require(try await setup.cards()["p1"]?.person)
            #expect(card.name == "Janet Roe" && card.email == "janet@example.org")
            let here = try await setup.db.readPerson(id: "p1")
            #expect(here.name == "Janet Roe" && here.email == "janet@example.org")
        }
    }

    @Test(
        "an email edit waiting while another client changes only the name, a note or a phone: merged, received, no choice asked",
        arguments: CardDAVServer.Kind.allCases)
    func changedElsewhereOnly(_ kind: CardDAVServer.Kind) async throws {
        try await withSetup(kind) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            var draft = PersonDraft(Samples.people[0])
            draft[.email] = "jane@home.example"
            _ = try await setup.vessel.editPersonAction("p1", draft)
            try await setup.change("p1", "FN:Jane Roe", to: "FN:Jane Roe-Park")
            try await setup.change("p1", "END:VCARD", to: "NOTE:Met at the fair\r\nEND:VCARD")
            try await setup.change("p1", "(010)-123-4567", to: "(010)-765-4321")
            let report = try await setup.vessel.syncAddressBookAction()
            #expect(report == "Sent 1 change; received 1; 1 merged with changes made there.")
            #expect(setup.vessel.appState.value.sys.book.choices.isEmpty)
            #expect(try await setup.db.readConflicts(id: "p1").isEmpty)
            let here = try await setup.db.readPerson(id: "p1")
            #expect(here.email == "jane@home.example" && here.name == "Jane Roe-Park")
            #expect(here.cellphone == "(010)-765-4321")
            let card = try #require(try await setup.cards()["p1"])
            #expect(card.person.email == "jane@home.example" && card.person.name == "Jane Roe-Park")
            #expect(card.text.contains("NOTE:Met at the fair"), "their note stays")
            #expect(try await setup.vessel.syncAddressBookAction() == "Sent 0 changes; received 0.")
        }
    }

    @Test(
        "a person deleted here whose card was changed there comes back with that change, and is not deleted there",
        arguments: CardDAVServer.Kind.allCases)
    func deletedHereChangedThere(_ kind: CardDAVServer.Kind) async throws {
        try await withSetup(kind) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            try await setup.change("p2", "FN:Mark Lee", to: "FN:Marcus Lee")
            try await setup.vessel.deletePersonAction("p2")
            let report = try await setup.vessel.syncAddressBookAction()
            #expect(report.contains("1 deleted here but changed there, kept"), "\(report)")
            #expect(try await setup.db.readPerson(id: "p2").name == "Marcus Lee")
            #expect(try await setup.cards()["p2"]?.person.name == "Marcus Lee")
            #expect(try await setup.vessel.syncAddressBookAction() == "Sent 0 changes; received 0.")
        }
    }

    @Test(
        "a field changed on both sides waits on the person's page with both values, and the user's choice goes out",
        arguments: CardDAVServer.Kind.allCases, PersonConflict.Choice.allCases)
    func bothChanged(_ kind: CardDAVServer.Kind, _ choice: PersonConflict.Choice) async throws {
        try await withSetup(kind) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            let page = try await setup.vessel.openPersonAction("p1")
            try await setup.change("p1", "jane@example.com", to: "jane@work.example")
            var draft = PersonDraft(Samples.people[0])
            draft[.email] = "jane@home.example"
            _ = try await setup.vessel.editPersonAction("p1", draft)
            let report = try await setup.vessel.syncAddressBookAction()
            #expect(report.contains("1 field changed on both sides: choose on the person's page"), "\(report)")
            // Until the user chooses, the value here is kept on both sides, and theirs is shown.
            #expect(try await setup.cards()["p1"]?.person.email == "jane@home.example")
            let shown = setup.vessel.appState.value.people[page.key]
            #expect(shown?.conflicts == [PersonConflict(field: .email, there: "jane@work.example")])
            #expect(shown?.person?.email == "jane@home.example")
            // Another exchange asks nothing again and keeps the choice open.
            #expect(try await setup.vessel.syncAddressBookAction() == "Sent 0 changes; received 0.")
            #expect(try await setup.db.readConflicts(id: "p1").count == 1)

            let chosen = try await setup.vessel.resolveConflictAction("p1", .email, choice)
            let email = choice == .here ? "jane@home.example" : "jane@work.example"
            #expect(chosen.email == email)
            #expect(setup.vessel.appState.value.people[page.key]?.conflicts == [])
            #expect(setup.vessel.appState.value.people[page.key]?.person?.email == email)
            _ = try await setup.vessel.syncAddressBookAction()
            #expect(try await setup.cards()["p1"]?.person.email == email)
            await #expect(throws: Fizzle.noConflict(.email)) {
                _ = try await setup.vessel.resolveConflictAction("p1", .email, choice)
            }
        }
    }

    @Test(
        "a push that reached the server before the app stopped is not sent twice, and nothing is lost",
        arguments: CardDAVServer.Kind.allCases)
    func resumedPush(_ kind: CardDAVServer.Kind) async throws {
        try await withSetup(kind) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            // The app added a person and sent the card, then stopped before it recorded the push.
            let added = try await setup.vessel.addPersonAction(
                PersonDraft([.name: "Half Sent", .age: "5", .country: "KR"]))
            _ = try await setup.other.create(named: "\(added.id).vcf", card: VCardText.of(added))
            #expect(try await setup.links().outbox == [added.id])
            let report = try await setup.vessel.syncAddressBookAction()
            #expect(report.hasPrefix("Sent 1 change"), "\(report)")
            let cards = try await setup.cards()
            #expect(cards.count == Samples.people.count + 1)
            #expect(cards[added.id]?.person.name == "Half Sent")
            #expect(try await setup.links().outbox.isEmpty)
        }
    }

    @Test(
        "a token the server refuses is replaced by comparing ETags: only what changed is read and stored",
        arguments: CardDAVServer.Kind.allCases)
    func refusedToken(_ kind: CardDAVServer.Kind) async throws {
        try await withSetup(kind) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            _ = try await setup.db.recordPull(
                AddressBookPull(token: "http://example.com/not-a-token"), holding: [], releasing: [])
            try await setup.change("p2", "FN:Mark Lee", to: "FN:Marcus Lee")
            let tom = try await setup.tag(of: "p3")
            try await setup.other.delete(tom.href, etag: try #require(tom.etag))
            let report = try await setup.vessel.syncAddressBookAction()
            #expect(report == "Sent 0 changes; received 2.")
            #expect(try await setup.db.readPerson(id: "p2").name == "Marcus Lee")
            await #expect(throws: Fizzle.notFound("p3")) { _ = try await setup.db.readPerson(id: "p3") }
            #expect(try await setup.links().token == nil, "a token refused is not asked again")
            #expect(try await setup.vessel.syncAddressBookAction() == "Sent 0 changes; received 0.")
            #expect(try await setup.links().token != nil, "a first sync from no token gives a new one")
        }
    }

    @Test("a server that refuses or fails says so, and keeps every change here for the next sync")
    func failureKeepsOutbox() async throws {
        try await withSetup(.radicale) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            var draft = PersonDraft(Samples.people[0])
            draft[.email] = "kept@example.org"
            _ = try await setup.vessel.editPersonAction("p1", draft)
            try "ada:changed\n".write(
                to: setup.server.folder.appendingPathComponent("users"), atomically: true, encoding: .utf8)
            let refused = Fizzle.addressBook("The address book's server did not accept the user name or password.")
            await #expect(throws: refused) {
                _ = try await setup.vessel.syncAddressBookAction()
            }
            #expect(setup.vessel.appState.value.sys.addressBook.message == refused.message)
            #expect(try await setup.links().outbox == ["p1"])
            #expect(try await setup.db.readPerson(id: "p1").email == "kept@example.org")
        }
    }
}

/// A person's card as the app writes it, for a test that plays the app's part.
enum VCardText {
    static func of(_ person: Person) -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(person.id)\r\nFN:\(person.name)\r\n"
            + (person.age.map { "X-PURE-AGE:\($0)\r\n" } ?? "")
            + "X-PURE-REGION:\(person.country)\r\nX-PURE-GENDER:\(person.gender.rawValue)\r\nEND:VCARD\r\n"
    }
}
