import Foundation
import Persons
import PersonsTestSupport
import PersonsWorker
import Pure
import PureTesting
import Testing

@testable import PersonsVessel

@Suite("The open lists")
struct ListQueryTests {
    /// How many list pages `lists` read (for `request`, if given).
    static func reads(_ lists: RecordingLists, _ request: PageRequest? = nil) -> Int {
        lists.requests.count { read in request.map { $0 == read } ?? true }
    }

    @Test("a vessel reads no list until one is opened; opening one returns with its page read")
    func readsWhenOpened() async throws {
        let harness = try await Harness()
        let vessel = harness.vessel
        try await Task.sleep(for: .milliseconds(100))
        #expect(harness.statements.sql.isEmpty, "nothing read")
        let list = await vessel.openListAction(ListCriteria())
        #expect(harness.lists.requests == [PageRequest()])
        #expect(vessel.list(list).result.metas.map(\.id) == ["p2", "p3", "p1", "p4"])
        #expect(vessel.list(list).result.total == 4)
        #expect(vessel.list(list).listed == PageRequest())
    }

    @Test("two lists keep their own criteria and rows; the same criteria open the same list, read once")
    func listsOfTheirOwn() async throws {
        let harness = try await Harness()
        let everyone = await harness.vessel.openListAction(ListCriteria())
        let search = await harness.vessel.openListAction(ListCriteria(search: "t"))
        let again = await harness.vessel.openListAction(ListCriteria(search: " t "))
        #expect(harness.vessel.list(everyone).result.total == 4)
        #expect(harness.vessel.list(search).result.metas.map(\.id) == ["p3"])
        #expect(search.key == again.key, "the same criteria, once normalized, are one list")
        #expect(Self.reads(harness.lists, PageRequest(search: "t")) == 1)
        #expect(harness.vessel.appState.value.lists.open.mapValues(\.holders) == [everyone.key: 1, search.key: 2])
    }

    @Test("opening normalizes the criteria: the search trimmed and cut, a filter's value checked")
    func normalizes() async throws {
        let vessel = try await Harness().vessel
        let cases: [(ListCriteria, ListCriteria)] = [
            (ListCriteria(search: "  ada \n"), ListCriteria(search: "ada")),
            (
                ListCriteria(filters: [.region: " kr ", .gender: "Male"], position: .from("M")),
                ListCriteria(filters: [.region: "KR", .gender: "male"], position: .from("M"))
            ),
            (ListCriteria(filters: [.region: "Korea"]), ListCriteria()),
            (
                ListCriteria(search: String(repeating: "x", count: 500)),
                ListCriteria(search: String(repeating: "x", count: 100))
            ),
        ]
        for (asked, kept) in cases {
            let list = await vessel.openListAction(asked)
            #expect(vessel.list(list).criteria == kept)
            #expect(vessel.list(list).listed?.criteria == kept, "read before the action returns")
        }
    }

    @Test("the region switch regroups every open list before its action returns")
    func followsTheRegionSwitch() async throws {
        let harness = try await Harness()
        let everyone = await harness.vessel.openListAction(ListCriteria())
        let search = await harness.vessel.openListAction(ListCriteria(search: "t"))
        try await harness.vessel.applyRegionAction(false)
        #expect(harness.vessel.list(everyone).listed == PageRequest(isRegion: false))
        #expect(harness.vessel.list(search).listed == PageRequest(search: "t", isRegion: false))
    }

    @Test("a change of the stored people reads each open list once, whoever holds it")
    func followsData() async throws {
        let harness = try await Harness(people: [])
        let following = Task { await harness.vessel.followStoredChanges() }
        defer { following.cancel() }
        let lists = [
            await harness.vessel.openListAction(ListCriteria()),
            await harness.vessel.openListAction(ListCriteria()),
            await harness.vessel.openListAction(ListCriteria(search: "t")),
        ]
        await waitUntil { Self.reads(harness.lists) >= 2 }
        try await Task.sleep(for: .milliseconds(300))
        let before = Self.reads(harness.lists)
        _ = try await harness.vessel.syncPersonsAction(2)
        await waitUntil("the synced people are listed") { harness.vessel.list(lists[0]).result.total == 2 }
        try await Task.sleep(for: .milliseconds(300))
        #expect(harness.vessel.list(lists[1]).result.metas.map(\.id) == ["p2", "p1"])
        #expect(Self.reads(harness.lists) == before + 2, "one read for each of the two lists open")
    }

    @Test(
        "a change is read once: a switch flip reads the list once if it orders it, not at all if not, and no switch back; a sync's page once; another process's commit once"
    )
    func readsOncePerChange() async throws {
        // On a file, as the app runs: another process's commit is heard through it.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("persons.sqlite").path
        let db = try PersonDBWorker(path: path, watchInterval: .milliseconds(100))
        try await db.savePersons(Samples.people) { _ in }
        let (listWork, switchWork) = (RecordingLists(base: db), RecordingSwitches(base: db))
        let vessel = Vessel(
            db: db, lists: listWork, switches: switchWork, photos: RecordingPhotos(), web: { RecordingWeb() })
        let following = Task { await vessel.followStoredChanges() }
        defer { following.cancel() }
        let list = await vessel.openListAction(ListCriteria())
        // Long enough for anything the start read to be followed.
        try await Task.sleep(for: .milliseconds(300))
        let lists = { Self.reads(listWork) }
        let switchReads = { switchWork.reads }

        /// Waits for the reads expected, then a while longer for any read too many.
        func settle(_ condition: () -> Bool) async throws {
            await waitUntil("the reads expected", timeout: .seconds(120), condition)
            try await Task.sleep(for: .milliseconds(300))
        }

        var (listed, switches) = (lists(), switchReads())
        try await vessel.applyUsernameAction(false)
        try await Task.sleep(for: .milliseconds(300))
        #expect(lists() == listed, "the username switch orders nothing")
        #expect(switchReads() == switches, "the switch saved here is not read back")

        (listed, switches) = (lists(), switchReads())
        try await vessel.applyRegionAction(false)
        try await settle { lists() == listed + 1 }
        #expect(lists() == listed + 1, "the region switch orders the list: one read")
        #expect(switchReads() == switches)

        (listed, switches) = (lists(), switchReads())
        _ = try await vessel.syncPersonsAction(2)
        try await settle { lists() == listed + 1 }
        #expect(lists() == listed + 1, "a sync of one page: one read when its page is stored")
        #expect(switchReads() == switches, "a sync saves no switch")

        (listed, switches) = (lists(), switchReads())
        // Another process (a `pure` command on the same file) flips the username switch back on.
        try await PersonDBWorker(path: path).saveSwitch(.isUsername, isOn: true)
        try await settle { lists() == listed + 1 && switchReads() == switches + 1 }
        #expect(lists() == listed + 1, "another process's commit: the list read once")
        #expect(switchReads() == switches + 1, "and the switches once")
        #expect(vessel.appState.value.field.isUsername, "the switch the other process saved is shown")
        withExtendedLifetime(list) {}
    }

    @Test("a page that cannot be read keeps the rows shown and says why")
    func readFailure() async throws {
        let harness = try await Harness()
        let list = await harness.vessel.openListAction(ListCriteria())
        harness.lists.fail(with: .unreadable)
        try await harness.vessel.applyRegionAction(false)
        #expect(harness.vessel.list(list).listed == PageRequest(isRegion: false))
        #expect(harness.vessel.list(list).message == Fizzle.unreadable.message)
        #expect(harness.vessel.list(list).result.metas.count == 4)
    }

    @Test("a list closes when the last hold on it goes, and is read no more")
    func closesWhenLetGo() async throws {
        let harness = try await Harness()
        let appState = harness.vessel.appState
        do {
            let list = await harness.vessel.openListAction(ListCriteria())
            do {
                let again = await harness.vessel.openListAction(ListCriteria())
                #expect(appState.value.lists.open[again.key]?.holders == 2)
            }
            #expect(appState.value.lists.open[list.key]?.holders == 1, "one hold let go, one kept")
        }
        #expect(appState.value.lists.keys.isEmpty)
        harness.lists.forget()
        try await harness.vessel.applyRegionAction(false)
        #expect(harness.lists.requests.isEmpty, "no list is read")
        #expect(try await harness.db.readSwitches().isRegion == false, "the switch is saved")
    }

    @Test("a restore keeps the lists open now, which screens show, and reads them in the restored switch's order")
    func restoreKeepsLists() async throws {
        let journal = Journal<Roger>()
        let vessel = Vessel(
            db: try await PersonDBWorker.inMemory(holding: Samples.people), photos: RecordingPhotos(),
            web: { RecordingWeb() },
            journal: journal)
        try await vessel.applyRegionAction(false)
        try await vessel.applyRegionAction(true)
        let regionOn = try #require(journal.entries.last?.sequence)
        try await vessel.applyRegionAction(false)
        let list = await vessel.openListAction(ListCriteria())
        #expect(vessel.list(list).listed == PageRequest(isRegion: false))
        #expect(vessel.restoreStateAction(regionOn), "the list was not open then")
        #expect(vessel.appState.value.field.isRegion)
        await waitUntil("the list is read again, grouped by region") {
            vessel.list(list).listed == PageRequest(isRegion: true)
        }
        #expect(vessel.appState.value.lists.keys == [list.key])
        #expect(vessel.list(list).result == Samples.page(of: Samples.people, PageRequest(isRegion: true)))
    }
}
