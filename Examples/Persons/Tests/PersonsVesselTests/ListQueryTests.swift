import Persons
import PersonsTestSupport
import PureTesting
import Testing

@testable import PersonsVessel

@Suite("The list query")
struct ListQueryTests {
    @Test("reads the page for the current criteria when it starts")
    func readsOnStart() async {
        let harness = Harness()
        let query = Task { await harness.vessel.runListQuery() }
        defer { query.cancel() }
        await waitUntil("the first page is listed") { harness.vessel.appState.value.query.listed != nil }
        let state = harness.vessel.appState.value
        #expect(state.query.result.metas.map(\.id) == ["p2", "p3", "p1", "p4"])
        #expect(state.query.result.total == 4)
        #expect(state.query.listed == PageRequest())
    }

    @Test("reads again when the criteria or the region switch change")
    func followsCriteria() async throws {
        let harness = Harness()
        let query = Task { await harness.vessel.runListQuery() }
        defer { query.cancel() }
        await waitUntil { harness.vessel.appState.value.query.listed != nil }

        await harness.vessel.applySearchAction("t")
        await waitUntil { harness.vessel.appState.value.query.listed?.criteria.search == "t" }
        #expect(harness.vessel.appState.value.query.result.metas.map(\.id) == ["p3"])

        try await harness.vessel.applyRegionAction(false)
        await waitUntil { harness.vessel.appState.value.query.listed?.isRegion == false }
        #expect(harness.db.calls.contains(.readMetas(PageRequest(search: "t", isRegion: false))))
    }

    @Test("reads again when the stored people change")
    func followsData() async throws {
        let harness = Harness(people: [])
        let query = Task { await harness.vessel.runListQuery() }
        defer { query.cancel() }
        await waitUntil { harness.vessel.appState.value.query.listed != nil }
        #expect(harness.vessel.appState.value.query.result.metas.isEmpty)
        _ = try await harness.vessel.syncPersonsAction(2)
        await waitUntil("the synced people are listed") { harness.vessel.appState.value.query.result.total == 2 }
        #expect(harness.vessel.appState.value.query.result.metas.map(\.id) == ["p2", "p1"])
    }

    @Test("a page that cannot be read keeps the rows shown and says why")
    func readFailure() async {
        let harness = Harness()
        let query = Task { await harness.vessel.runListQuery() }
        defer { query.cancel() }
        await waitUntil { harness.vessel.appState.value.query.listed != nil }
        harness.db.fail("readMetas", with: .unreadable)
        await harness.vessel.showPageAction(1)
        await waitUntil { harness.vessel.appState.value.query.listed?.criteria.page == 1 }
        let listed = harness.vessel.appState.value.query
        #expect(listed.message == Fizzle.unreadable.message)
        #expect(listed.result.metas.count == 4)
    }

    @Test("stops with its task and lets go of what it watched")
    func stopsWhenCancelled() async {
        let harness = Harness()
        let query = Task { await harness.vessel.runListQuery() }
        await waitUntil { harness.vessel.appState.subscriptionCount == 1 }
        query.cancel()
        await query.value
        #expect(harness.vessel.appState.subscriptionCount == 0)
    }
}
