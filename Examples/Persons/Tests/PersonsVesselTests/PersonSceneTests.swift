import Persons
import PersonsTestSupport
import PureTesting
import Testing

@testable import PersonsVessel

@Suite("A person on screen: a scene of the app state, edited, added and deleted")
struct PersonSceneTests {
    let jane = Samples.people[0]

    @Test("opening a person sets the route and reads them once; screens of the same person share the scene")
    func openShared() async throws {
        let harness = try await Harness()
        var first: PersonHold? = try await harness.vessel.openPersonAction(jane.id)
        let second = try await harness.vessel.openPersonAction(jane.id)
        #expect(harness.vessel.appState.value.people[jane.id]?.person == jane)
        #expect(harness.vessel.appState.value.route.uis == jane.id)
        let (ran, expected) = try await harness.ran(asIf: { db in
            _ = try await db.readPerson(id: jane.id)
            _ = try await db.readConflicts(id: jane.id)
        })
        #expect(ran == expected, "read once")
        first = nil
        #expect(first == nil && harness.vessel.appState.value.people[second.key] != nil)
        _ = consume second
        #expect(harness.vessel.appState.value.people.keys.isEmpty)
    }

    @Test("an id nobody has is not found, and leaves no scene open")
    func unknown() async throws {
        let harness = try await Harness()
        await #expect(throws: Fizzle.notFound("nobody")) { _ = try await harness.vessel.openPersonAction("nobody") }
        #expect(harness.vessel.appState.value.people.keys.isEmpty)
    }

    @Test("an edit is stored, and shown by the person's scene and the open list when it returns")
    func edit() async throws {
        let harness = try await Harness()
        let person = try await harness.vessel.openPersonAction(jane.id)
        let list = await harness.vessel.openListAction(ListCriteria(search: "ada"))
        var draft = PersonDraft(jane)
        draft[.name] = "Ada Roe"
        draft[.email] = " ada@example.org "
        let saved = try await harness.vessel.editPersonAction(jane.id, draft)
        var expected = jane
        expected.name = "Ada Roe"
        expected.email = "ada@example.org"
        #expect(saved == expected)
        #expect(try await harness.db.readPerson(id: jane.id) == expected)
        #expect(harness.vessel.appState.value.people[person.key]?.person == expected)
        #expect(harness.vessel.appState.value.lists[list.key]?.result.metas.map(\.id) == [jane.id])
    }

    @Test("a draft with problems is refused with every problem, and nothing is saved or changed")
    func refused() async throws {
        let harness = try await Harness()
        let person = try await harness.vessel.openPersonAction(jane.id)
        harness.statements.forget()
        let changes = StateChanges(harness.vessel.appState)
        var draft = PersonDraft(jane)
        draft[.age] = "-3"
        draft[.country] = "Korea"
        do {
            _ = try await harness.vessel.editPersonAction(jane.id, draft)
            Issue.record("a draft with problems was saved")
        } catch {
            #expect(error.personProblems?.all.map(\.field) == [.age, .country])
        }
        await #expect(throws: Fizzle.self) { _ = try await harness.vessel.addPersonAction(PersonDraft()) }
        let (ran, expected) = try await harness.ran(asIf: { _ = try? await $0.editPerson(id: jane.id, draft) })
        #expect(ran == expected, "the edit's own transaction, and nothing more")
        #expect(
            ran.contains("ROLLBACK TRANSACTION") && !ran.contains { $0.hasPrefix("UPDATE") || $0.hasPrefix("INSERT") },
            "the person read to check the draft against, nothing written: \(ran)")
        await changes.expect()
        #expect(harness.vessel.appState.value.people[person.key]?.person == jane)
    }

    @Test("a person added here gets an id of their own and is listed")
    func add() async throws {
        let harness = try await Harness()
        let list = await harness.vessel.openListAction(ListCriteria(search: "ada"))
        let first = try await harness.vessel.addPersonAction(
            PersonDraft([.name: "Ada Park", .age: "36", .country: "kr"]))
        let second = try await harness.vessel.addPersonAction(
            PersonDraft([.name: "Ada Park", .age: "36", .country: "kr"]))
        #expect(first.id != second.id)
        #expect(first.country == "KR" && first.gender == .unknown && first.photo == nil)
        #expect(harness.vessel.appState.value.lists[list.key]?.result.total == 2)
    }

    @Test("a deleted person's scene says so and keeps whom; the list lets them go")
    func delete() async throws {
        let harness = try await Harness()
        let person = try await harness.vessel.openPersonAction(jane.id)
        let list = await harness.vessel.openListAction(ListCriteria())
        try await harness.vessel.deletePersonAction(jane.id)
        let scene = harness.vessel.appState.value.people[person.key]
        #expect(scene?.isDeleted == true)
        #expect(scene?.person == jane)
        #expect(harness.vessel.appState.value.lists[list.key]?.result.metas.contains { $0.id == jane.id } == false)
        await #expect(throws: Fizzle.notFound(jane.id)) { try await harness.vessel.deletePersonAction(jane.id) }
        await #expect(throws: Fizzle.notFound(jane.id)) { _ = try await harness.vessel.openPersonAction(jane.id) }
    }

    @Test("a change another writer commits reaches the open person")
    func followsOtherWriters() async throws {
        let harness = try await Harness()
        let person = try await harness.vessel.openPersonAction(jane.id)
        let running = Task { try await harness.vessel.run() }
        defer { running.cancel() }
        var renamed = jane
        renamed.name = "Jane Doe"
        try await harness.db.savePersons([renamed]) { _ in }
        await waitUntil("the open person follows") {
            harness.vessel.appState.value.people[person.key]?.person?.name == "Jane Doe"
        }
    }
}
