import Persons
import PersonsTestSupport
import PureTesting
import Testing

@testable import PersonsVessel

@Suite("Actions")
struct ActionTests {
    @Test("loadPerson sets the route, then reads the person")
    func loadPerson() async throws {
        let harness = try await Harness()
        let changes = StateChanges(harness.vessel.appState)
        let person = try await harness.vessel.loadPersonAction("p2")
        #expect(person.name == "Mark Lee")
        await changes.expect { $0.route.uis = "p2" }
        let (ran, expected) = try await harness.ran(asIf: { _ = try await $0.readPerson(id: "p2") })
        #expect(ran == expected)
    }

    @Test("loadPerson of an unknown id fails with not found")
    func loadUnknownPerson() async throws {
        let harness = try await Harness()
        await #expect(throws: Fizzle.notFound("nobody")) {
            try await harness.vessel.loadPersonAction("nobody")
        }
    }

    @Test("applyRegion persists the switch, changes the state once, and returns with the list regrouped")
    func applyRegion() async throws {
        let harness = try await Harness()
        let changes = StateChanges(harness.vessel.appState)
        let request = PageRequest(isRegion: false)
        let list = await harness.vessel.openListAction(ListCriteria())
        harness.lists.forget()
        try await harness.vessel.applyRegionAction(false)
        await changes.expect(
            { $0.lists.hold(list.key, opening: ListState(criteria: list.key)) },
            {
                $0.lists.update(list.key) {
                    $0.result = Samples.page(of: Samples.people, PageRequest())
                    $0.listed = PageRequest()
                }
            },
            { $0.sys.counts = Samples.counts(of: Samples.people) },
            { $0.field.isRegion = false },
            {
                $0.lists.update(list.key) {
                    $0.result = Samples.page(of: Samples.people, request)
                    $0.listed = request
                }
            })
        #expect(harness.lists.requests == [request])
        #expect(try await harness.db.readSwitches().isRegion == false, "saved")
    }

    @Test("applyUsername that cannot be persisted changes nothing")
    func applyUsernameFails() async throws {
        let harness = try await Harness()
        try await harness.refuseWrites(to: "setting")
        let changes = StateChanges(harness.vessel.appState)
        await #expect(throws: Fizzle.switchNotSaved) {
            try await harness.vessel.applyUsernameAction(false)
        }
        await changes.expect()
    }

    @Test("prepare puts the persisted switches in the state")
    func prepare() async throws {
        let harness = try await Harness(switches: Switches(isUsername: false, isRegion: false))
        let changes = StateChanges(harness.vessel.appState)
        try await harness.vessel.prepare()
        await changes.expect { $0.field = Switches(isUsername: false, isRegion: false) }
    }

    @Test(
        "moveHere walks on the web and flies in the database",
        arguments: [
            (true, true, Result<String, Fizzle>.success("LEGWING")),
            (false, true, .failure(.walkFail)),
            (true, false, .failure(.notFly)),
        ])
    func moveHere(isLeg: Bool, isWing: Bool, expected: Result<String, Fizzle>) async throws {
        let harness = try await Harness()
        let outcome: Result<String, Fizzle>
        do {
            outcome = .success(try await harness.vessel.moveHereAction(isLeg, isWing))
        } catch {
            outcome = .failure(error)
        }
        #expect(outcome == expected)
        #expect(harness.web.calls == [.walk(isLeg: isLeg)])
        let (ran, expected) = try await harness.ran(asIf: { db in
            if isLeg { _ = try? await db.fly(isWing: isWing) }
        })
        #expect(ran == expected)
    }

    @Test("the web worker is built on first use, once")
    func webWorkerIsLazy() async throws {
        let harness = try await Harness()
        _ = try await harness.vessel.loadPersonAction("p1")
        #expect(harness.webBuilds.value == 0)
        let move = harness.vessel.moveHereAction
        _ = try await move(true, true)
        _ = try await move(true, true)
        _ = try await harness.vessel.syncPersonsAction(2)
        #expect(harness.webBuilds.value == 1)
    }
}
