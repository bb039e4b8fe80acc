import Persons
import PersonsTestSupport
import RandomUserFixtures
import Testing

/// The deletion guard over time: the people pulls deleted without asking count towards its
/// limits for a day or the last exchanges, so a book drained a few cards at a time asks; and a
/// question stands only while its cards stay away.
@Suite("Deletions by the address book, counted over time")
struct DeletionWindowTests {
    let people = PeopleMaker().make(100, seed: 3)

    /// How many people `raft` holds.
    func stored(_ raft: Raft) async throws -> Int {
        try await raft.countPeopleAction(.region).values.reduce(0, +)
    }

    /// A vessel holding `people`, linked with a book holding their cards.
    func linked() async throws -> (Raft, RecordingAddressBook) {
        let book = RecordingAddressBook()
        let raft = try await Raft(people: people, addressBook: book)
        #expect(try await raft.syncAddressBookAction() == "Sent 100 changes; received 0.")
        return (raft, book)
    }

    @Test("a book drained 20 cards at a time asks at the first step past the limits counted over time")
    func drain() async throws {
        let (raft, book) = try await linked()
        for id in people.prefix(20).map(\.id) { book.remove(id) }
        #expect(try await raft.syncAddressBookAction() == "Sent 0 changes; received 20.", "20 of 100: within")
        #expect(raft.appState.value.sys.book.deletedLately == 20, "the home page says how many went")
        for id in people.dropFirst(20).prefix(20).map(\.id) { book.remove(id) }
        await #expect(throws: Fizzle.deletionsHeld(20, of: 80), "40 of 100 within a day: it asks") {
            _ = try await raft.syncAddressBookAction()
        }
        #expect(try await stored(raft) == 80, "nobody more was deleted")
        #expect(raft.appState.value.sys.book.held.count == 20)
        // Brought back, a person no longer counts.
        _ = try await raft.restorePersonAction(people[0].id)
        #expect(raft.appState.value.sys.book.deletedLately == 19)
    }

    @Test("a question is dropped once the cards it asked about are listed again; nobody present is among the deleted")
    func glitch() async throws {
        let (raft, book) = try await linked()
        book.listNothingOnce()
        await #expect(throws: Fizzle.deletionsHeld(100, of: 100)) { _ = try await raft.syncAddressBookAction() }
        #expect(raft.appState.value.sys.book.held.count == 100)
        #expect(try await raft.syncAddressBookAction() == "Sent 0 changes; received 0.")
        #expect(raft.appState.value.sys.book.held.isEmpty, "every card is there again: no question stands")
        #expect(try await stored(raft) == 100)
        #expect(try await raft.loadDeletedAction().isEmpty)
    }

    @Test("deletions accepted, then the cards listed again: they come back, and Recently deleted lists none of them")
    func acceptedThenBack() async throws {
        let (raft, book) = try await linked()
        book.listNothingOnce()
        await #expect(throws: Fizzle.self) { _ = try await raft.syncAddressBookAction() }
        _ = try await raft.settleDeletionsAction(true)
        #expect(try await raft.loadDeletedAction().count == 100)
        let report = try await raft.syncAddressBookAction()
        #expect(report == "Sent 0 changes; received 100.", "\(report)")
        #expect(try await stored(raft) == 100)
        #expect(try await raft.loadDeletedAction().isEmpty, "a person here again is not among the deleted")
        #expect(raft.appState.value.sys.book.deletedLately == 0, "the deletions the user accepted are answered")
    }
}
