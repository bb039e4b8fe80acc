import GRDB
import NIOConcurrencyHelpers
import Persons
import PersonsTestSupport
import PersonsWorker
import Testing

@testable import PersonsVessel

@Suite("A write reads what it changed once")
struct OneReadAfterWriteTests {
    let jane = Samples.people[0]

    @Test(
        "an edit with two lists and a person open runs its own read and write, then one read of each scene and of the counts, and nothing more"
    )
    func editReadsEachSceneOnce() async throws {
        let (running, direct) = (Statements(), Statements())
        let vessel = Vessel(
            db: try await running.worker(holding: Samples.people), photos: RecordingPhotos(), web: { RecordingWeb() })
        // As the app runs: following the file, which hears no commit of this process.
        let following = Task { await vessel.followStoredChanges() }
        defer { following.cancel() }
        let lists = [
            await vessel.openListAction(ListCriteria()), await vessel.openListAction(ListCriteria(search: "ada")),
        ]
        let person = try await vessel.openPersonAction(jane.id)
        // Long enough for the start's reads to end.
        try await Task.sleep(for: .milliseconds(300))
        var draft = PersonDraft(jane)
        draft[.name] = "Ada Roe"
        running.forget()
        _ = try await vessel.editPersonAction(jane.id, draft)
        // Long enough for any read too many to come.
        try await Task.sleep(for: .milliseconds(300))

        // The same work asked of a worker holding the same people: the edit's read and write,
        // then one read of each list and of the person, and one of the counts the lists offer.
        let db = try await direct.worker(holding: Samples.people)
        // Read once before, as the scenes were opened: GRDB reads the schema on its first use.
        _ = try await db.readPerson(id: jane.id)
        for list in lists { _ = try await db.readMetas(try #require(vessel.list(list).listed)) }
        direct.forget()
        let stored = try await db.readPerson(id: jane.id)
        _ = try await db.editPerson(try draft.person(id: jane.id, photo: stored.photo, over: stored).get())
        for list in lists { _ = try await db.readMetas(try #require(vessel.list(list).listed)) }
        _ = try await db.readPerson(id: jane.id)
        _ = try await db.readConflicts(id: jane.id)
        _ = try await db.countPeople()

        #expect(direct.sql.count { $0.hasPrefix("SELECT") } >= 5, "the reads are traced")
        #expect(running.sql.sorted() == direct.sql.sorted())
        #expect(vessel.appState.value.people[jane.id]?.person?.name == "Ada Roe")
        withExtendedLifetime((lists, person)) {}
    }
}
