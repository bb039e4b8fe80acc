import CardDAVFixtures
import Foundation
import Persons
import PersonsGear
import PersonsTestSupport
import Testing

@testable import PersonsVessel

/// What the exchange does when the other side surprises it, against Radicale and Xandikos: a
/// book emptied or made again, two cards with one UID, ids no URL holds as they are, a card the
/// server refuses, one too large to read, an address that is no address book, the bundled
/// sample. Each ends with every person here intact and a message that names the case.
@Suite("The address book's guards: nothing a user owns is lost by surprise", .serialized, .timeLimit(.minutes(10)))
struct AddressBookGuardTests {
    let sync = AddressBookSyncTests()
    let ids = Samples.people.map(\.id).sorted()

    /// Deletes every card of the book, as another client emptying it.
    func empty(_ setup: AddressBookSyncTests.Setup) async throws {
        for tag in try await setup.other.tags() { try await setup.other.delete(tag.href, etag: try #require(tag.etag)) }
    }

    @Test(
        "a book another client empties deletes nobody here: the exchange asks, and putting them back makes their cards again",
        arguments: CardDAVServer.Kind.allCases)
    func emptiedPutBack(_ kind: CardDAVServer.Kind) async throws {
        try await sync.withSetup(kind) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            let before = try await setup.other.tags().map(\.href).sorted()
            let texts = try await setup.cards().mapValues(\.text)
            try await empty(setup)
            await #expect(throws: Fizzle.deletionsHeld(4, of: 4)) { _ = try await setup.vessel.syncAddressBookAction() }
            #expect(try await setup.isIntact(holding: 4))
            #expect(setup.vessel.appState.value.sys.book.held.map(\.id).sorted() == ids)
            #expect(setup.vessel.appState.value.sys.addressBook == .failure(Fizzle.deletionsHeld(4, of: 4).message))
            await #expect(throws: Fizzle.deletionsHeld(4, of: 4), "it asks until the user says") {
                _ = try await setup.vessel.syncAddressBookAction()
            }
            #expect(try await setup.isIntact(holding: 4))
            let message = try await setup.vessel.settleDeletionsAction(false)
            #expect(message == "4 people will be put back in the address book at the next exchange.")
            #expect(try await setup.vessel.syncAddressBookAction() == "Sent 4 changes; received 0.")
            #expect(try await setup.cards().mapValues(\.text) == texts, "each card as it was")
            #expect(try await setup.other.tags().map(\.href).sorted() == before, "at its address")
            #expect(setup.vessel.appState.value.sys.book.held.isEmpty)
        }
    }

    @Test(
        "accepted, the deletions are done here too, and each person can be brought back, to both sides",
        arguments: CardDAVServer.Kind.allCases)
    func emptiedAccepted(_ kind: CardDAVServer.Kind) async throws {
        try await sync.withSetup(kind) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            try await empty(setup)
            await #expect(throws: Fizzle.self) { _ = try await setup.vessel.syncAddressBookAction() }
            let message = try await setup.vessel.settleDeletionsAction(true)
            #expect(message == "Deleted 4 people here too; they can be brought back for 30 days.")
            #expect(try await setup.isIntact(holding: 0))
            let deleted = try await setup.vessel.loadDeletedAction()
            #expect(deleted.map(\.person.id).sorted() == ids && deleted.allSatisfy { $0.by == .addressBook })
            let jane = try await setup.vessel.restorePersonAction("p1")
            #expect(jane == Samples.people[0])
            #expect(try await setup.vessel.syncAddressBookAction() == "Sent 1 change; received 0.")
            #expect(Array(try await setup.cards().keys) == ["p1"])
            #expect(try await setup.vessel.loadDeletedAction().map(\.person.id).sorted() == ["p2", "p3", "p4"])
            // The directory's sync does not bring back the others.
            _ = try await setup.db.savePersons(Samples.people) { _ in }
            #expect(try await setup.isIntact(holding: 1))
        }
    }

    @Test(
        "a book deleted and made again, which knows the token no more, deletes nobody here",
        arguments: CardDAVServer.Kind.allCases)
    func remade(_ kind: CardDAVServer.Kind) async throws {
        try await sync.withSetup(kind) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            try await setup.server.deleteAddressBook()
            try await setup.server.makeAddressBook()
            await #expect(throws: Fizzle.deletionsHeld(4, of: 4)) { _ = try await setup.vessel.syncAddressBookAction() }
            #expect(try await setup.isIntact(holding: 4))
        }
    }

    @Test("a few deletions there go through, and are kept here to be brought back")
    func fewDeletions() async throws {
        let people = (1...10).map { index in
            Person.sample(
                id: "q\(index)", name: "Q \(index)", nameParts: nil, username: "q\(index)", gender: .unknown,
                email: "q\(index)@example.org", age: 30, country: "NZ", cellphone: nil, photo: nil)
        }
        try await sync.withSetup(.radicale, people: people) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            for id in ["q3", "q7"] {
                let tag = try #require(try await setup.other.tags().first { $0.href.hasSuffix("/\(id).vcf") })
                try await setup.other.delete(tag.href, etag: try #require(tag.etag))
            }
            #expect(try await setup.vessel.syncAddressBookAction() == "Sent 0 changes; received 2.")
            #expect(try await setup.isIntact(holding: 8))
            #expect(try await setup.vessel.loadDeletedAction().map(\.person.id).sorted() == ["q3", "q7"])
        }
    }

    @Test("two cards with one UID change and delete nobody; they are named, the others go on; the card left is theirs")
    func duplicateUID() async throws {
        try await sync.withSetup(.xandikos) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            let own = try await setup.tag(of: "p1")
            _ = try await setup.other.create(
                named: "twin.vcf", card: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:p1\r\nFN:Impostor\r\nEND:VCARD\r\n")
            try await setup.change("p2", "FN:Mark Lee", to: "FN:Marcus Lee")
            let report = try await setup.vessel.syncAddressBookAction()
            #expect(report.contains("received 1") && report.contains("1 with two cards there"), "\(report)")
            #expect(try await setup.db.readPerson(id: "p1").name == "Jane Roe", "never changed by either card")
            #expect(try await setup.db.readPerson(id: "p2").name == "Marcus Lee", "the others go on")
            let named = setup.vessel.appState.value.sys.book.duplicates
            #expect(named.map(\.id) == ["p1"] && named.first?.name == "Jane Roe")
            #expect(
                named.first?.detail?.contains("twin.vcf") == true && named.first?.detail?.contains(own.href) == true)
            // While the twin is there, an edit here waits: sent over neither card.
            var draft = PersonDraft(Samples.people[0])
            draft[.email] = "jane@home.example"
            _ = try await setup.vessel.editPersonAction("p1", draft)
            #expect(try await setup.vessel.syncAddressBookAction().hasPrefix("Sent 0 changes; received 0"))
            #expect(setup.vessel.appState.value.sys.book.waiting == 1)
            #expect(try await setup.book.card(of: "p1", at: own.href)?.person.email == "jane@example.com")

            // The other client deletes its twin: Jane is not deleted, and her edit goes out.
            let twinTag = try #require(try await setup.other.tags().first { $0.href.hasSuffix("/twin.vcf") })
            try await setup.other.delete(twinTag.href, etag: try #require(twinTag.etag))
            #expect(try await setup.vessel.syncAddressBookAction() == "Sent 1 change; received 0.")
            #expect(try await setup.isIntact(holding: 4))
            #expect(setup.vessel.appState.value.sys.book.duplicates.isEmpty)
            #expect(try await setup.cards()["p1"]?.person.email == "jane@home.example")

            // Twins again, then Jane's own card goes: the card left is hers.
            _ = try await setup.other.create(
                named: "twin.vcf", card: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:p1\r\nFN:Jane Twin\r\nEND:VCARD\r\n")
            _ = try await setup.vessel.syncAddressBookAction()
            let mine = try await setup.tag(of: "p1")
            try await setup.other.delete(mine.href, etag: try #require(mine.etag))
            _ = try await setup.vessel.syncAddressBookAction()
            #expect(try await setup.db.readPerson(id: "p1").name == "Jane Twin")
            #expect(setup.vessel.appState.value.sys.book.duplicates.isEmpty)
        }
    }

    @Test("Radicale refuses a second card with a UID it holds: there, twins never come to be")
    func radicaleRefusesTwins() async throws {
        try await sync.withSetup(.radicale) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            await #expect(throws: CardDAVFailure.self) {
                _ = try await setup.other.create(
                    named: "twin.vcf", card: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:p1\r\nFN:Impostor\r\nEND:VCARD\r\n")
            }
        }
    }

    @Test(
        "ids no URL holds as they are (a slash, a hundred flags, dots) go to the address book and come back",
        arguments: CardDAVServer.Kind.allCases)
    func oddIDs(_ kind: CardDAVServer.Kind) async throws {
        let odd = ["a/b", String(repeating: "🇰🇷", count: 100), "../up", "x?y#z"].enumerated().map { index, id in
            Person.sample(
                id: id, name: "Odd \(index)", nameParts: nil, username: "odd\(index)", gender: .female, email: "",
                age: 30, country: "KR", cellphone: nil, photo: nil)
        }
        try await sync.withSetup(kind, people: odd) { setup in
            #expect(try await setup.vessel.syncAddressBookAction() == "Sent 4 changes; received 0.")
            let cards = try await setup.cards()
            #expect(Set(cards.keys) == Set(odd.map(\.id)))
            let text = try #require(cards["a/b"]?.text)
            var slash: CardDAVClient.CardTag?
            for tag in try await setup.other.tags() where try await setup.other.cards([tag.href]).first?.text == text {
                slash = tag
            }
            let tag = try #require(slash)
            #expect(!tag.href.contains("%2F") && tag.href.hasSuffix(".vcf"), "a name of its own: \(tag.href)")
            _ = try await setup.other.update(
                tag.href, card: text.replacingOccurrences(of: "FN:Odd 0", with: "FN:Even 0"),
                etag: try #require(tag.etag))
            #expect(try await setup.vessel.syncAddressBookAction() == "Sent 0 changes; received 1.")
            #expect(try await setup.db.readPerson(id: "a/b").name == "Even 0")
        }
    }

    @Test("a card the server refuses alone (too large for it) is set aside with why; the others go, and the pull runs")
    func refusedAlone() async throws {
        let large = Person.sample(
            id: "big", name: String(repeating: "Long ", count: 20), nameParts: nil, username: "big", gender: .male,
            email: String(repeating: "e", count: 200) + "@example.org", age: 40, country: "US", cellphone: nil,
            photo: nil)
        try await sync.withSetup(.radicale, people: Samples.people + [large], largestRequest: 600) { setup in
            let first = try await setup.vessel.syncAddressBookAction()
            #expect(first.hasPrefix("Sent 4 changes; received 0; 1 set aside"), "\(first)")
            let reason = "The address book refused the card as too large."
            #expect(setup.vessel.appState.value.sys.book.setAside.map(\.id) == ["big"])
            #expect(setup.vessel.appState.value.sys.book.setAside.first?.detail == reason)
            try await setup.change("p2", "FN:Mark Lee", to: "FN:Marcus Lee")
            let second = try await setup.vessel.syncAddressBookAction()
            #expect(second.hasPrefix("Sent 0 changes; received 1; 1 set aside"), "\(second)")
            #expect(try await setup.db.readPerson(id: "p2").name == "Marcus Lee")
            #expect(try await setup.isIntact(holding: 5))
        }
    }

    @Test(
        "a card larger than the app reads, the only change there, is left out with why, and named until it changes; the next changes come",
        arguments: CardDAVServer.Kind.allCases)
    func oversized(_ kind: CardDAVServer.Kind) async throws {
        try await sync.withSetup(kind) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            let photo = String(repeating: "QUJD", count: 3 * 262_144)
            var folded = ""
            var rest = Substring("PHOTO;ENCODING=b;TYPE=JPEG:" + photo)
            while !rest.isEmpty {
                folded += (folded.isEmpty ? "" : "\r\n ") + rest.prefix(74)
                rest = rest.dropFirst(74)
            }
            let small = try #require(try await setup.cards()["p2"]?.text)
            try await setup.change("p2", "END:VCARD", to: folded + "\r\nEND:VCARD")
            #expect(
                try await setup.vessel.syncAddressBookAction()
                    == "Sent 0 changes; received 0; 1 left out (1 larger than 1 MiB).")
            #expect(try await setup.db.readPerson(id: "p2") == Samples.people[1])
            let href = try await setup.tag(of: "p2").href
            let unread = setup.vessel.appState.value.sys.book.unread
            #expect(unread.map(\.id) == [href] && unread.first?.name == "p2.vcf")
            #expect(unread.first?.detail?.contains("larger than the 1 MiB the app reads") == true)
            try await setup.change("p3", "FN:Tom Park", to: "FN:Thomas Park")
            #expect(try await setup.vessel.syncAddressBookAction() == "Sent 0 changes; received 1.")
            #expect(setup.vessel.appState.value.sys.book.unread.map(\.id) == [href], "named while it stays so")
            // Another client makes it small again (the app's client reads no such card whole).
            let large = try await setup.tag(of: "p2")
            _ = try await setup.other.update(large.href, card: small, etag: try #require(large.etag))
            // The card as last agreed again: nothing new to store (Xandikos's ETag is its
            // content's), or the card stored again (Radicale's is new), and no longer named.
            let back = try await setup.vessel.syncAddressBookAction()
            #expect(["Sent 0 changes; received 0.", "Sent 0 changes; received 1."].contains(back), "\(back)")
            #expect(try await setup.db.readPerson(id: "p2") == Samples.people[1])
            #expect(setup.vessel.appState.value.sys.book.unread.isEmpty, "read again once changed")
            #expect(try await setup.isIntact(holding: 4))
        }
    }

    @Test(
        "a card that is no vCard is named once, with why, on the home page and in pure carddav status, until it goes",
        arguments: CardDAVServer.Kind.allCases)
    func unreadable(_ kind: CardDAVServer.Kind) async throws {
        try await sync.withSetup(kind) { setup in
            // A card without a UID (the app keeps a person by it), as a server may take one.
            let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:No Id\r\nN:Id;No;;;\r\nEND:VCARD\r\n"
            guard (try? await setup.other.create(named: "no-id.vcf", card: card)) != nil else {
                // Radicale may refuse a card without a UID; Xandikos takes it.
                #expect(kind == .radicale)
                return
            }
            // A first exchange lists the book twice: the card is counted once.
            let report = try await setup.vessel.syncAddressBookAction()
            #expect(report == "Sent 4 changes; received 0; 1 left out (1 without an id).", "counted once")
            let unread = setup.vessel.appState.value.sys.book.unread
            #expect(unread.map(\.name) == ["no-id.vcf"])
            #expect(unread.first?.detail == "it has no UID, which the app keeps a person by")
            #expect(try await setup.vessel.syncAddressBookAction() == "Sent 0 changes; received 0.")
            #expect(setup.vessel.appState.value.sys.book.unread.map(\.name) == ["no-id.vcf"])
            let tag = try #require(try await setup.other.tags().first { $0.href.hasSuffix("/no-id.vcf") })
            try await setup.other.delete(tag.href, etag: try #require(tag.etag))
            _ = try await setup.vessel.syncAddressBookAction()
            #expect(setup.vessel.appState.value.sys.book.unread.isEmpty)
        }
    }

    @Test(
        "the link moves only once a first exchange with the new address has succeeded; what is no book is named; the root finds the book linked"
    )
    func linking() async throws {
        try await sync.withSetup(.radicale) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            let before = try await setup.links()
            let server = setup.server
            let root = "http://127.0.0.1:\(server.port)/"
            try await server.makeAddressBook(at: root + "ada/calendar/", kind: "calendar")
            let wrong: [(String, String?, String?, Fizzle)] = [
                (
                    server.address + "typo/", server.user, server.password,
                    .notAnAddressBook("There is nothing at the address given: the server has no such page.")
                ),
                (
                    root + "ada/calendar/", server.user, server.password,
                    .notAnAddressBook("The address given is a calendar, not an address book.")
                ),
                (
                    server.address, server.user, nil,
                    .addressBook(
                        "The address book's server asks for a user name and a password, and no password was given.",
                        command: "Give it with PURE_CARDDAV_PASSWORD or --carddav-password-file.")
                ),
                (
                    server.address, nil, nil,
                    .addressBook(
                        "The address book's server asks for a user name and a password, and no user name was given.",
                        command: "Give it with --carddav-user.")
                ),
            ]
            for (address, user, password, failure) in wrong {
                let vessel = try setup.vessel(at: address, user: user, password: password)
                await #expect(throws: failure, "\(address)") {
                    _ = try await vessel.syncAddressBookAction()
                }
                #expect(try await setup.links() == before, "the link stays: \(address)")
            }
            // The server's root is no book, but the account's books are found from it: the one
            // the people are linked with is the one it goes to.
            let fromRoot = try setup.vessel(at: root, user: server.user, password: server.password)
            #expect(try await fromRoot.syncAddressBookAction() == "Sent 0 changes; received 0.")
            #expect(try await setup.links() == before)
            #expect(try await setup.vessel.syncAddressBookAction() == "Sent 0 changes; received 0.")
            #expect(try await setup.isIntact(holding: 4))
        }
    }

    @Test("the bundled sample's strangers are never sent to an address book; a person added here is")
    func sampleStaysHere() async throws {
        try await sync.withSetup(.xandikos, isSample: true) { setup in
            #expect(try await setup.vessel.syncAddressBookAction() == "Sent 0 changes; received 0.")
            let added = try await setup.vessel.addPersonAction(
                PersonDraft([.name: "Ada Park", .age: "36", .country: "KR"]))
            var draft = PersonDraft(Samples.people[0])
            draft[.email] = "jane@home.example"
            _ = try await setup.vessel.editPersonAction("p1", draft)
            #expect(try await setup.vessel.syncAddressBookAction() == "Sent 1 change; received 0.")
            #expect(Array(try await setup.cards().keys) == [added.id])
        }
    }
}
