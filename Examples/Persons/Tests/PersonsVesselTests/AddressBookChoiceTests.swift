import GRDB
import Persons
import PersonsTestSupport
import PersonsVessel
import PersonsWorker
import Testing

/// `--carddav` given a server's or an account's address rather than a book's: the exchange goes
/// to the account's only book, or to the one the people are linked with; with several, it asks,
/// and the state offers them until the user picks one.
@Suite("The address book chosen from the account")
struct AddressBookChoiceTests {
    let family = RecordingAddressBook(collection: "http://127.0.0.1/recording/ada/family/")
    let work = RecordingAddressBook(collection: "http://127.0.0.1/recording/ada/work/")

    @Test("an account with one address book is linked with it, without asking, and found once")
    func onlyBook() async throws {
        let account = RecordingAddressBook(account: [family])
        let raft = try await Raft(addressBook: account)
        #expect(try await raft.syncAddressBookAction() == "Sent 4 changes; received 0.")
        #expect(try await raft.syncAddressBookAction() == "Sent 0 changes; received 0.")
        #expect(Set(family.people.keys) == Set(Samples.people.map(\.id)))
        #expect(account.calls == [.probe, .findBooks])
        #expect(raft.appState.value.sys.book.collection == family.collection)
        #expect(raft.appState.value.sys.offeredBooks == nil)
    }

    @Test("with several books the exchange asks and writes nothing; the state offers them until one is chosen")
    func severalAsk() async throws {
        let account = RecordingAddressBook(account: [family, work])
        let raft = try await Raft(addressBook: account)
        await #expect(
            throws: Fizzle.addressBook(
                "The account has 2 address books: choose the one to keep the people in step with.",
                command: "Give its address with --carddav (pure carddav books lists them).")
        ) { _ = try await raft.syncAddressBookAction() }
        #expect(raft.appState.value.sys.offeredBooks?.books.map(\.address) == [family.collection, work.collection])
        #expect(family.calls.isEmpty && work.calls.isEmpty)
        #expect(raft.appState.value.sys.book.collection == nil)

        await #expect(
            throws: Fizzle.addressBook("That address book is not one the account offers: sync again to list them.")
        ) { _ = try await raft.chooseAddressBookAction("http://127.0.0.1:9/elsewhere/") }
        #expect(raft.appState.value.sys.offeredBooks != nil)

        #expect(try await raft.chooseAddressBookAction(work.collection) == work.collection)
        #expect(raft.appState.value.sys.offeredBooks == nil)
        #expect(try await raft.syncAddressBookAction() == "Sent 4 changes; received 0.")
        #expect(Set(work.people.keys) == Set(Samples.people.map(\.id)) && family.people.isEmpty)
        #expect(raft.appState.value.sys.book.collection == work.collection)
        // A choice is only ever among the books offered: none is offered once one is linked.
        await #expect(throws: Fizzle.self) { _ = try await raft.chooseAddressBookAction(family.collection) }
    }

    @Test("a vessel started again on the same database goes to the book the people are linked with, among several")
    func linkedKept() async throws {
        let account = RecordingAddressBook(account: [family, work])
        let db = try PersonDBWorker(database: DatabaseQueue())
        try await db.savePersons(Samples.people) { _ in }
        let first = Vessel(db: db, photos: RecordingPhotos(), web: { RecordingWeb() }, addressBook: account)
        _ = try? await first.syncAddressBookAction()
        _ = try await first.chooseAddressBookAction(family.collection)
        _ = try await first.syncAddressBookAction()
        family.forgetCalls()

        let again = Vessel(db: db, photos: RecordingPhotos(), web: { RecordingWeb() }, addressBook: account)
        #expect(try await again.syncAddressBookAction() == "Sent 0 changes; received 0.")
        #expect(family.calls == [.pull(token: "v4")])
        #expect(work.calls.isEmpty && again.appState.value.sys.offeredBooks == nil)
    }

    @Test("an account with no address book says what the address is, and offers nothing")
    func noBook() async throws {
        let account = RecordingAddressBook(account: [])
        let raft = try await Raft(addressBook: account)
        await #expect(
            throws: Fizzle.notAnAddressBook("The address given is a folder of the server.", isFolder: true)
        ) {
            _ = try await raft.syncAddressBookAction()
        }
        #expect(account.calls == [.probe, .findBooks])
        #expect(raft.appState.value.sys.offeredBooks == nil)
    }
}
