import GRDB
import NIOConcurrencyHelpers
import Persons
import PersonsTestSupport
import PersonsWorker
import Pure
import Testing

@testable import PersonsVessel

@Suite("A write reads what it changed once")
struct OneReadAfterWriteTests {
    let jane = Samples.people[0]

    @Test(
        "an edit with two lists and a person open runs its own read and write, then one read of each scene and of each read beside the lists, and nothing more"
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

        // The same work asked of a worker holding the same people: the edit (one read of the
        // person and one write, in one transaction), then one read of each list and of the
        // person, and one of each read beside the lists (the counts), as declared.
        let db = try await direct.worker(holding: Samples.people)
        // Read once before, as the scenes were opened: GRDB reads the schema on its first use.
        _ = try await db.readPerson(id: jane.id)
        for list in lists { _ = try await db.readMetas(try #require(vessel.list(list).listed)) }
        direct.forget()
        _ = try await db.editPerson(id: jane.id, draft)
        for list in lists { _ = try await db.readMetas(try #require(vessel.list(list).listed)) }
        _ = try await db.readPerson(id: jane.id)
        _ = try await db.readConflicts(id: jane.id)
        for side in Roger.sideReads { _ = try await side.query(db) }

        #expect(direct.sql.count { $0.hasPrefix("SELECT") } >= 5, "the reads are traced")
        // A read the write path makes that is not asked of `db` above (a new section beside the
        // lists, say) fails here by its SQL: add the worker's call for it above, once.
        let (made, asked) = (running.sql.sorted(), direct.sql.sorted())
        #expect(
            made == asked,
            "made, not asked above: \(made.filter { !asked.contains($0) }); asked above, not made: \(asked.filter { !made.contains($0) })"
        )
        #expect(vessel.appState.value.people[jane.id]?.person?.name == "Ada Roe")
        withExtendedLifetime((lists, person)) {}
    }

    @Test("a save is one recorded call and one transaction: one read of the person, one write of them")
    func saveIsOneCallOneReadOneWrite() async throws {
        let statements = Statements()
        let journal = Journal<Roger>()
        let vessel = Vessel(
            db: try await statements.worker(holding: Samples.people), photos: RecordingPhotos(),
            web: { RecordingWeb() }, journal: journal)
        _ = try await vessel.loadPersonAction(jane.id)
        let calls = journal.calls.count
        statements.forget()
        // The fields the form changed, as it posts them: no load first.
        _ = try await vessel.editPersonAction(jane.id, PersonDraft([.email: "jane@home.example"]))

        #expect(journal.calls.dropFirst(calls).map(\.useCase) == ["editPersonAction"])
        let sql = statements.sql
        #expect(
            Array(sql.prefix(2)) == ["BEGIN IMMEDIATE TRANSACTION", "SELECT * FROM \"person\" WHERE \"id\" = 'p1'"])
        #expect(sql.count { $0.hasPrefix("SELECT * FROM \"person\"") } == 1, "one read of the person: \(sql)")
        #expect(sql.count { $0.hasPrefix("UPDATE person SET") } == 1, "one write of them: \(sql)")
        #expect(sql.count { $0 == "COMMIT TRANSACTION" } == 1, "one transaction: \(sql)")
        #expect(try await vessel.loadPersonAction(jane.id).email == "jane@home.example")
        #expect(try await vessel.loadPersonAction(jane.id).name == jane.name, "a field not given stays as stored")
    }
}
