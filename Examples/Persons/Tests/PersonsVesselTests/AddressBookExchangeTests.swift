import Foundation
import GRDB
import Persons
import PersonsReplay
import PersonsTestSupport
import PersonsWorker
import Pure
import PureReplay
import PureTesting
import Synchronization
import Testing

@testable import PersonsVessel

/// The exchange's requests, counted on the Raft's address book in memory: the listing comes first,
/// each change goes out once, a card changed on both sides costs one write, and a server that
/// fails keeps every change here.
@Suite("The address book exchange, request by request")
struct AddressBookExchangeTests {
    let book = RecordingAddressBook()

    /// A Raft linked with `book`, its first sync done, its calls forgotten.
    func synced() async throws -> Raft {
        let raft = try await Raft(addressBook: book)
        #expect(try await raft.syncAddressBookAction() == "Sent 4 changes; received 0.")
        // Is it an address book, what is there, each person's card made, and the token after them.
        #expect(
            book.calls == [.probe, .pull(token: nil)] + Samples.people.map { .create($0.id) } + [.pull(token: nil)])
        book.forgetCalls()
        return raft
    }

    func editEmail(_ raft: Raft, _ id: Person.ID, to email: String) async throws {
        var draft = PersonDraft(try await raft.loadPersonAction(id))
        draft[.email] = email
        _ = try await raft.editPersonAction(id, draft)
    }

    @Test("finding the books asks the address book once, changes nothing, and without one says how to give it")
    func findBooks() async throws {
        let raft = try await synced()
        let before = raft.appState.value
        let found = try await raft.findAddressBooksAction()
        #expect(found.books == [.init(address: book.collection, name: "Contacts", cards: Samples.people.count)])
        #expect(book.calls == [.findBooks])
        #expect(raft.appState.value == before)
        await #expect(throws: Fizzle.addressBook("No server is set.", command: "Give its address with --server.")) {
            _ = try await Raft().findAddressBooksAction()
        }
    }

    @Test("the listing asks from the last token, then each change here goes out once, in the order made")
    func onceInOrder() async throws {
        let raft = try await synced()
        try await editEmail(raft, "p2", to: "mark@home.example")
        try await editEmail(raft, "p1", to: "jane@home.example")
        try await editEmail(raft, "p2", to: "mark@work.example")
        try await raft.deletePersonAction("p3")
        #expect(try await raft.syncAddressBookAction() == "Sent 3 changes; received 0.")
        #expect(book.calls == [.pull(token: "v4"), .update("p2"), .update("p1"), .delete("p3")])
        #expect(book.people["p2"]?.email == "mark@work.example" && book.people["p3"] == nil)
    }

    @Test(
        "while a page is open, a change there shows here within seconds, each check one listing and quiet; with none open, the book is not asked again before its interval"
    )
    func watched() async throws {
        let raft = try await synced()
        let open = Mutex(false)
        raft.vessel.watchAddressBook(upTo: .seconds(2), while: { open.withLock { $0 } })
        let running = Task { try await raft.run() }
        defer { running.cancel() }
        await waitUntil("the exchange on start") { book.calls == [.pull(token: "v4")] }
        let shown = raft.appState.value.sys
        try await Task.sleep(for: .seconds(2))
        #expect(book.calls == [.pull(token: "v4")], "no page open: nothing asked before the minute is up")
        open.withLock { $0 = true }
        book.change("p1") { $0.email = "jane@there.example" }
        await waitUntil("the change there is shown") {
            raft.appState.value.sys.book.lastExchange?.outcome == "Sent 0 changes; received 1."
        }
        #expect(try await raft.vessel.personDBWork.readPerson(id: "p1").email == "jane@there.example")
        book.forgetCalls()
        let quiet = raft.appState.value.sys
        await waitUntil("two checks more") { book.calls.count >= 2 }
        #expect(book.calls.allSatisfy { if case .pull = $0 { true } else { false } }, "a check is one listing")
        #expect(raft.appState.value.sys == quiet, "a check that finds nothing shows nothing")
        #expect(shown.book.lastExchange != quiet.book.lastExchange, "the check that found the change is kept")
    }

    @Test("a person added and deleted before the saves' exchange: nothing of them is sent, no progress left shown")
    func forgetEndsProgress() async throws {
        let raft = try await synced()
        let running = Task { try await raft.run() }
        defer { running.cancel() }
        await waitUntil("the exchange on start") { book.calls == [.pull(token: "v4")] }
        let added = try await raft.addPersonAction(PersonDraft([.name: "Brief Person", .age: "30", .country: "NZ"]))
        try await raft.deletePersonAction(added.id)
        await waitUntil("the saves' exchange") { book.calls.count >= 2 }
        await waitUntil("its progress ended") { raft.appState.value.sys.addressBook.permille == nil }
        #expect(!book.calls.contains(.create(added.id)), "nothing was sent of them")
    }

    @Test("each step runs as planned: one whose person changed here since the plan waits for the next exchange")
    func stepsRunAsPlanned() async throws {
        let raft = try await synced()
        try await editEmail(raft, "p1", to: "jane@home.example")
        let db = raft.vessel.personDBWork
        let plan = AddressBookPlan(
            links: try await db.readAddressBook(for: book.collection), listing: AddressBookPull(),
            guarding: DeletionGuard())
        let update = try #require(plan.actions.first)
        #expect(update.id == "p1" && update.step == .update)
        // Deleted here after the plan was made: the update is not turned into a deletion.
        try await raft.deletePersonAction("p1")
        var sent = AddressBookReport.Sent()
        #expect(try await update.run(with: book, reading: db, counting: &sent) == nil)
        #expect(book.calls.isEmpty && sent == AddressBookReport.Sent())
        // The next exchange plans again, from the outbox: the card is deleted there.
        #expect(try await raft.syncAddressBookAction() == "Sent 1 change; received 0.")
        #expect(book.calls == [.pull(token: "v4"), .delete("p1")])
    }

    @Test("a save here goes out soon, not at the next pull; saves in a row go out in one exchange")
    func savesGoOutSoon() async throws {
        // Saves settle for 30 s, so that the three below are in a row however loaded the machine
        // (under ThreadSanitizer, beside the whole suite, one edit took 18 s); the next pull is
        // ten minutes away.
        let raft = try await Raft(addressBook: book, pullEvery: .seconds(600), saveSettles: .seconds(30))
        let running = Task { try await raft.run() }
        defer { running.cancel() }
        await waitUntil("the first exchange linked everyone") { raft.appState.value.sys.book.lastExchange != nil }
        book.forgetCalls()
        try await editEmail(raft, "p2", to: "mark@home.example")
        try await editEmail(raft, "p1", to: "jane@home.example")
        try await raft.deletePersonAction("p3")
        // Long before the next pull: only the saves' own exchange is in time.
        await waitUntil("the saves are on the server", timeout: .seconds(180)) {
            book.people["p1"]?.email == "jane@home.example" && book.people["p3"] == nil
        }
        try await Task.sleep(for: .seconds(1))
        #expect(book.calls == [.pull(token: "v4"), .update("p2"), .update("p1"), .delete("p3")], "one exchange")
        #expect(raft.appState.value.sys.book.waiting == 0, "nothing waits once it went out")
    }

    @Test("an exchange that only sends reads no list again; one that brings a change here reads each open list once")
    func readsWhatItChanged() async throws {
        var recording: RecordingLists?
        let raft = try await Raft(
            state: Roger(sys: Roger.Sys(sync: .success(nil))), people: Samples.people,
            lists: { base in
                let lists = RecordingLists(base: base)
                recording = lists
                return lists
            }, addressBook: book)
        let lists = try #require(recording)
        #expect(try await raft.syncAddressBookAction() == "Sent 4 changes; received 0.")
        _ = await raft.openListAction(ListCriteria())
        try await editEmail(raft, "p2", to: "mark@home.example")
        lists.forget()
        #expect(try await raft.syncAddressBookAction() == "Sent 1 change; received 0.")
        #expect(lists.requests.isEmpty, "nothing here changed")
        book.change("p1") { $0.email = "jane@work.example" }
        #expect(try await raft.syncAddressBookAction() == "Sent 0 changes; received 1.")
        #expect(lists.requests.count == 1, "the open list, once")
    }

    @Test("a card changed on both sides is merged with what the listing read: one write, and both values are kept")
    func conflictBounded() async throws {
        let raft = try await synced()
        book.change("p1") { $0.email = "jane@work.example" }
        try await editEmail(raft, "p1", to: "jane@home.example")
        _ = try await raft.syncAddressBookAction()
        #expect(book.calls == [.pull(token: "v4"), .update("p1")])
        #expect(book.people["p1"]?.email == "jane@home.example")
        let page = try await raft.openPersonAction("p1")
        #expect(
            raft.appState.value.people[page.key]?.conflicts == [
                PersonConflict(field: .email, there: "jane@work.example")
            ])
        #expect(raft.appState.value.sys.book.choices == [.init(id: "p1", name: "Jane Roe", fields: [.email])])
    }

    @Test(
        "a choice waiting leaves the home page at once when it is made, when its field is edited, or the person deleted"
    )
    func choicesEnd() async throws {
        let raft = try await synced()
        for person in Samples.people.prefix(3) {
            book.change(person.id) {
                $0.email = "\(person.id)@work.example"; $0.name += " Jr"
            }
            try await editEmail(raft, person.id, to: "\(person.id)@home.example")
        }
        var draft = PersonDraft(try await raft.loadPersonAction("p2"))
        draft[.name] = "Mark Lee Jr"  // the name changed there too, to the same value: no choice
        _ = try await raft.editPersonAction("p2", draft)
        _ = try await raft.syncAddressBookAction()
        #expect(raft.appState.value.sys.book.choices.map(\.id) == ["p1", "p2", "p3"])
        _ = try await raft.resolveConflictAction("p1", .email, .here)
        draft = PersonDraft(try await raft.loadPersonAction("p2"))
        draft[.cellphone] = "555-0100"
        _ = try await raft.editPersonAction("p2", draft)
        #expect(raft.appState.value.sys.book.choices.map(\.id) == ["p2", "p3"], "an edit of another field ends none")
        draft[.email] = "mark@elsewhere.example"
        _ = try await raft.editPersonAction("p2", draft)
        try await raft.deletePersonAction("p3")
        #expect(raft.appState.value.sys.book.choices.isEmpty)
        _ = try await raft.syncAddressBookAction()
        #expect(raft.appState.value.sys.book.choices.isEmpty, "as the file has it, read after an exchange")
    }

    @Test("a server that fails keeps every change here, and sends them once it answers again")
    func offline() async throws {
        let raft = try await synced()
        try await editEmail(raft, "p1", to: "jane@home.example")
        let failure = Fizzle.addressBook("The address book at x did not answer in time: nothing more was sent.")
        book.fail(with: failure)
        let before = Int(Date.now.timeIntervalSince1970)
        await #expect(throws: Fizzle.self) { _ = try await raft.syncAddressBookAction() }
        let failed = try #require(raft.appState.value.sys.book.lastExchange)
        #expect(!failed.succeeded && failed.outcome == failure.message)
        #expect((before...Int(Date.now.timeIntervalSince1970)).contains(failed.at), "kept with when it ended")
        #expect(book.calls == [.pull(token: "v4")], "nothing is sent unlisted")
        #expect(book.people["p1"]?.email == "jane@example.com")
        book.fail(with: nil)
        book.forgetCalls()
        #expect(try await raft.syncAddressBookAction() == "Sent 1 change; received 0.")
        #expect(book.calls == [.pull(token: "v4"), .update("p1")])
        #expect(book.people["p1"]?.email == "jane@home.example")
        let succeeded = try #require(raft.appState.value.sys.book.lastExchange)
        #expect(succeeded.succeeded && succeeded.outcome == "Sent 1 change; received 0.")
    }

    @Test("after a failure nothing more is sent: the rest waits for the next exchange, and none goes twice")
    func stopsAtFailure() async throws {
        let people = (1...10).map {
            Person.sample(
                id: "q\($0)", name: "Q \($0)", nameParts: nil, username: "q\($0)", gender: .unknown,
                email: "q\($0)@example.org", age: 30, country: "NZ", cellphone: nil, photo: nil)
        }
        let raft = try await Raft(people: people, addressBook: book)
        _ = try await raft.syncAddressBookAction()
        for person in people { try await editEmail(raft, person.id, to: "\(person.id)@work.example") }
        book.forgetCalls()
        book.fail(with: .addressBook("The address book's server failed (HTTP 503): try again later."), afterCalls: 3)
        await #expect(throws: Fizzle.self) { _ = try await raft.syncAddressBookAction() }
        #expect(book.calls == [.pull(token: "v10"), .update("q1"), .update("q2"), .update("q3")])
        #expect(book.people.values.count { $0.email.hasSuffix("@work.example") } == 2)
        book.fail(with: nil)
        #expect(try await raft.syncAddressBookAction() == "Sent 8 changes; received 0.")
        #expect(book.people.values.count { $0.email.hasSuffix("@work.example") } == 10)
    }

    @Test("a card the server refuses alone is set aside with why, the others go and the pull runs; it is tried again")
    func setAside() async throws {
        let raft = try await synced()
        for person in Samples.people { try await editEmail(raft, person.id, to: "\(person.id)@work.example") }
        let reason = "The address book refused the card as too large (HTTP 413)."
        book.refuse("p2", reason: reason)
        let report = try await raft.syncAddressBookAction()
        #expect(
            report
                == "Sent 3 changes; received 0; 1 set aside: the address book refused their cards (see the home page).")
        #expect(book.calls == [.pull(token: "v4"), .update("p1"), .update("p2"), .update("p3"), .update("p4")])
        #expect(book.people["p2"]?.email == "mark@example.com" && book.people["p3"]?.email == "p3@work.example")
        let status = raft.appState.value.sys.book
        #expect(status.setAside == [AddressBookStatus.Entry(id: "p2", name: "Mark Lee", detail: reason)])
        #expect(status.waiting == 1)
        book.refuse("p2", reason: nil)
        book.forgetCalls()
        #expect(try await raft.syncAddressBookAction() == "Sent 1 change; received 0.")
        #expect(book.calls == [.pull(token: "v4"), .update("p2")], "from the token listed last: nothing sent is read")
        #expect(raft.appState.value.sys.book.setAside.isEmpty && raft.appState.value.sys.book.waiting == 0)
    }

    @Test(
        "a recorded choice between two values replays on a Raft, which finds the conflict in the state it starts from")
    func choiceReplays() async throws {
        let journal = Journal<Roger>()
        let db = try PersonDBWorker(database: DatabaseQueue())
        try await db.savePersons(Samples.people) { _ in }
        let vessel = Vessel(
            db: db, photos: RecordingPhotos(), web: { RecordingWeb() }, addressBook: book, journal: journal)
        _ = try await vessel.syncAddressBookAction()
        book.change("p1") { $0.email = "jane@work.example" }
        var draft = PersonDraft(Samples.people[0])
        draft[.email] = "jane@home.example"
        _ = try await vessel.editPersonAction("p1", draft)
        _ = try await vessel.syncAddressBookAction()
        let page = try await vessel.openPersonAction("p1")
        _ = try await vessel.resolveConflictAction("p1", .email, .there)
        #expect(vessel.appState.value.people[page.key]?.person?.email == "jane@work.example")

        let file = try JournalFile(jsonLines: journal.jsonLines())
        let choice = try #require(file.calls.last { $0.useCase == "resolveConflictAction" })
        try await Raft.replay(file.excerpt(choice.sequence...choice.sequence))
    }
}
