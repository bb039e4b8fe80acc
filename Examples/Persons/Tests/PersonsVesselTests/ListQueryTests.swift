import Persons
import PersonsTestSupport
import PureTesting
import Testing

@testable import PersonsVessel

@Suite("The list query")
struct ListQueryTests {
    @Test("reads nothing until the list is asked for, then the page for the current criteria")
    func readsWhenAsked() async {
        let db = RecordingDB(people: Samples.people)
        let vessel = Vessel(db: db, photos: RecordingPhotos(), web: { RecordingWeb() })
        try? await Task.sleep(for: .milliseconds(100))
        #expect(db.calls.isEmpty)
        #expect(vessel.appState.value.query.listed == nil)
        await vessel.personListQuery.caughtUp()
        let state = vessel.appState.value
        #expect(db.calls == [.readMetas(PageRequest())])
        #expect(state.query.result.metas.map(\.id) == ["p2", "p3", "p1", "p4"])
        #expect(state.query.result.total == 4)
        #expect(state.query.listed == PageRequest())
    }

    @Test("reads the page when the vessel starts running, for the screens")
    func readsWhenRunning() async {
        let db = RecordingDB(people: Samples.people)
        let vessel = Vessel(db: db, photos: RecordingPhotos(), web: { RecordingWeb() })
        let following = Task { await vessel.followStoredChanges() }
        defer { following.cancel() }
        await waitUntil("the first page is listed") { vessel.appState.value.query.listed == PageRequest() }
        #expect(vessel.appState.value.query.result.total == 4)
    }

    @Test("reads again when the criteria or the region switch change, before the action returns")
    func followsCriteria() async throws {
        let harness = await Harness()
        await harness.vessel.applySearchAction("t", [:])
        #expect(harness.vessel.appState.value.query.listed?.criteria.search == "t")
        #expect(harness.vessel.appState.value.query.result.metas.map(\.id) == ["p3"])

        try await harness.vessel.applyRegionAction(false)
        #expect(harness.vessel.appState.value.query.listed == PageRequest(search: "t", isRegion: false))
        #expect(harness.db.calls.contains(.readMetas(PageRequest(search: "t", isRegion: false))))
    }

    @Test("reads again when the stored people change, while the vessel follows the file")
    func followsData() async throws {
        let harness = await Harness(people: [])
        let following = Task { await harness.vessel.followStoredChanges() }
        defer { following.cancel() }
        await waitUntil { harness.vessel.appState.value.query.listed != nil }
        #expect(harness.vessel.appState.value.query.result.metas.isEmpty)
        _ = try await harness.vessel.syncPersonsAction(2)
        await waitUntil("the synced people are listed") { harness.vessel.appState.value.query.result.total == 2 }
        #expect(harness.vessel.appState.value.query.result.metas.map(\.id) == ["p2", "p1"])
    }

    @Test(
        "a change is read once: a switch flip reads the list once if it orders it, not at all if not; a sync's end once"
    )
    func readsOncePerChange() async throws {
        let harness = await Harness()
        let following = Task { await harness.vessel.followStoredChanges() }
        defer { following.cancel() }
        await waitUntil { harness.db.calls.contains(.readMetas(PageRequest())) }
        // Long enough for anything the start read to be followed.
        try await Task.sleep(for: .milliseconds(200))
        let lists = { harness.db.calls.count { if case .readMetas = $0 { true } else { false } } }
        let switchReads = { harness.db.calls.count { $0 == .readSwitches } }

        /// Waits for the reads expected, then a while longer for any read too many.
        func settle(_ condition: () -> Bool) async throws {
            await waitUntil("the reads expected", timeout: .seconds(10), condition)
            try await Task.sleep(for: .milliseconds(300))
        }

        var (listed, switches) = (lists(), switchReads())
        try await harness.vessel.applyUsernameAction(false)
        try await settle { switchReads() == switches + 1 }
        #expect(lists() == listed, "the username switch orders nothing")
        #expect(switchReads() == switches + 1, "the switch's commit is followed once")

        (listed, switches) = (lists(), switchReads())
        try await harness.vessel.applyRegionAction(false)
        try await settle { switchReads() == switches + 1 }
        #expect(lists() == listed + 1, "the region switch orders the list: one read")
        #expect(switchReads() == switches + 1)

        (listed, switches) = (lists(), switchReads())
        _ = try await harness.vessel.syncPersonsAction(2)
        try await settle { lists() == listed + 1 }
        #expect(lists() == listed + 1, "a sync of one page: one read when its page is stored")
        #expect(switchReads() == switches, "a sync saves no switch")
    }

    @Test("a page that cannot be read keeps the rows shown and says why")
    func readFailure() async {
        let harness = await Harness()
        await waitUntil { harness.vessel.appState.value.query.listed != nil }
        harness.db.fail("readMetas", with: .unreadable)
        await harness.vessel.showPageAction(.from("M"))
        let listed = harness.vessel.appState.value.query
        #expect(listed.listed?.criteria.position == .from("M"))
        #expect(listed.message == Fizzle.unreadable.message)
        #expect(listed.result.metas.count == 4)
    }

    @Test("stops with its vessel and lets go of what it watched")
    func stopsWithTheVessel() async {
        let appState: AppState
        do {
            let vessel = await Harness().vessel
            appState = vessel.appState
            await waitUntil { appState.value.query.listed != nil }
            #expect(appState.subscriptionCount == 1)
            withExtendedLifetime(vessel) {}
        }
        #expect(appState.subscriptionCount == 0)
    }
}
