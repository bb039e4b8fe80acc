import Foundation
import GRDB
import Persons
import PersonsTestSupport
import PersonsWorker
import PureTesting
import Testing

@testable import PersonsVessel

@Suite("Syncing people")
struct SyncTests {
    @Test("a sync reports its progress, stores the people and signals success")
    func syncSucceeds() async throws {
        let harness = try await Harness(people: [])
        let changes = StateChanges(harness.vessel.appState)
        let report = try await harness.vessel.syncPersonsAction(3)
        #expect(report == SyncReport(inserted: 3, updated: 0))
        await changes.expect(
            { $0.sys.sync = .loading(permille: 0) },
            { $0.sys.step = SyncStep(page: 1, pages: 1, stored: 0, count: 3) },
            { $0.sys.sync = .loading(permille: 950) },
            { $0.sys.sync = .loading(permille: 1_000) },
            {
                $0.sys.sync = .success(nil)
                $0.sys.step = nil
            }
        )
        #expect(harness.web.calls == [.downloadPage(1, count: 3)])
        #expect(try await harness.stored().map(\.id) == ["p1", "p2", "p3"])
    }

    @Test("a sync's end, its progress steps skipped: only the changes named are checked")
    func syncEndsInSuccess() async throws {
        let harness = try await Harness(people: [])
        let changes = StateChanges(harness.vessel.appState, exhaustivity: .off)
        _ = try await harness.vessel.syncPersonsAction(3)
        let skipped = await changes.expect { $0.sys.sync = .success(nil) }
        #expect(skipped.count == 4, "the start, the step and two steps of progress: \(skipped)")
    }

    @Test("records left out are counted by reason and told in the state, beside the success")
    func skippedRecordsAreTold() async throws {
        let harness = try await Harness(people: [Samples.people[0]])
        var skipped = SkippedRecords()
        skipped.add(.missingID, count: 2)
        let repeated = Samples.people[1]
        harness.web.answer(with: [
            PersonBatch(people: [Samples.people[0], repeated], skipped: skipped), PersonBatch(people: [repeated]),
        ])
        let report = try await harness.vessel.syncPersonsAction(5)
        var expected = skipped
        expected.add(.duplicateID)
        #expect(report == SyncReport(inserted: 1, updated: 1, skipped: expected))
        #expect(
            report.message
                == "Stored 2 people (1 new, 1 updated). Skipped 3 records: 2 without an id, 1 repeating an earlier id.")
        #expect(harness.vessel.appState.value.sys == Roger.Sys(sync: .success(report.message)))
    }

    @Test(
        "a download with no usable person is a failure that says why, and stores nothing",
        arguments: [
            (0, "Our server sent no people."),
            (100, "Our server sent no usable people: 100 records skipped (100 without an id)."),
        ])
    func nothingUsable(missing: Int, message: String) async throws {
        let harness = try await Harness()
        var skipped = SkippedRecords()
        skipped.add(.missingID, count: missing)
        harness.web.answer(with: [PersonBatch(people: [], skipped: skipped)])
        await #expect(throws: Fizzle.nothingToStore(skipped)) {
            try await harness.vessel.syncPersonsAction(100)
        }
        #expect(Fizzle.nothingToStore(skipped).message == message)
        #expect(harness.vessel.appState.value.sys == Roger.Sys(sync: .failure(message)))
        #expect(try await harness.stored() == Samples.people.sorted { $0.id < $1.id })
    }

    @Test("a failed download signals the failure with its message and leaves the stored people alone")
    func downloadFails() async throws {
        let harness = try await Harness()
        harness.web.fail(with: .noInternet)
        let changes = StateChanges(harness.vessel.appState)
        await #expect(throws: Fizzle.noInternet) {
            try await harness.vessel.syncPersonsAction(100)
        }
        await changes.expect(
            { $0.sys.sync = .loading(permille: 0) },
            { $0.sys.step = SyncStep(page: 1, pages: 1, stored: 0, count: 100) },
            { $0.sys = Roger.Sys(sync: .failure("Check your internet connection.")) }
        )
        let written = harness.statements.sql.filter { sql in
            ["INSERT", "UPDATE", "DELETE"].contains { sql.hasPrefix($0) }
        }
        #expect(written.isEmpty, "nothing written")
        #expect(try await harness.stored() == Samples.people.sorted { $0.id < $1.id })
    }

    @Test("a failed save signals the failure")
    func saveFails() async throws {
        let harness = try await Harness(people: [])
        try await harness.refuseWrites(to: "sync_plan")
        let changes = StateChanges(harness.vessel.appState)
        await #expect(throws: Fizzle.saveFailed) {
            try await harness.vessel.syncPersonsAction(2)
        }
        await changes.expect(
            { $0.sys.sync = .loading(permille: 0) },
            { $0.sys.step = SyncStep(page: 1, pages: 1, stored: 0, count: 2) },
            { $0.sys.sync = .loading(permille: 950) },
            { $0.sys = Roger.Sys(sync: .failure(Fizzle.saveFailed.message)) }
        )
    }

    @Test("a sync asked for while one runs is refused")
    func oneSyncAtATime() async throws {
        let harness = try await Harness(state: Roger(sys: Roger.Sys(sync: .loading(permille: 250))))
        await #expect(throws: Fizzle.syncUnderWay) {
            try await harness.vessel.syncPersonsAction(1)
        }
        #expect(harness.web.calls.isEmpty)
    }

    @Test("a first launch with no people syncs them")
    func firstLaunchSyncs() async throws {
        let harness = try await Harness(people: [])
        await harness.vessel.firstLaunch()
        #expect(harness.web.calls == [.downloadPage(1, count: defaultSyncCount)])
        #expect(harness.vessel.appState.value.sys.sync == .success(nil))
        #expect(try await harness.stored().count == Samples.people.count)
    }

    @Test("a launch with people stored only signals they are ready")
    func laterLaunch() async throws {
        let harness = try await Harness()
        let changes = StateChanges(harness.vessel.appState)
        await harness.vessel.firstLaunch()
        await changes.expect { $0.sys.sync = .success(nil) }
        #expect(harness.web.calls.isEmpty)
    }

    @Test("a launch on a read-only file says at once that nothing can be saved")
    func readOnlyLaunch() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("persons.sqlite").path
        try await PersonDBWorker(path: path).savePersons(Samples.people) { _ in }
        var readOnly = Configuration()
        readOnly.readonly = true
        let db = try PersonDBWorker(database: DatabaseQueue(path: path, configuration: readOnly))
        let web = RecordingWeb()
        let vessel = Vessel(db: db, photos: RecordingPhotos(), web: { web })
        await vessel.firstLaunch()
        #expect(vessel.appState.value.sys == Roger.Sys(sync: .failure(Fizzle.readOnlyDatabase(path).message)))
        #expect(web.calls.isEmpty)
    }

    @Test("a first launch that cannot download signals the failure")
    func firstLaunchFails() async throws {
        let harness = try await Harness(people: [])
        harness.web.fail(with: .downloadFailed)
        await harness.vessel.firstLaunch()
        #expect(harness.vessel.appState.value.sys == Roger.Sys(sync: .failure(Fizzle.downloadFailed.message)))
    }

    @Test("a requested sync runs in the vessel's own work, which the vessel's cancellation stops")
    func requestedSync() async throws {
        let harness = try await Harness()
        harness.vessel.requestSyncAction(7)
        #expect(harness.web.calls.isEmpty, "nothing runs before the vessel does")
        let running = Task { try await harness.vessel.run() }
        await waitUntil("the requested sync ran") { harness.web.calls.contains(.downloadPage(1, count: 7)) }
        running.cancel()
        try await running.value
        harness.vessel.requestSyncAction(8)
        try await Task.sleep(for: .milliseconds(100))
        #expect(!harness.web.calls.contains(.downloadPage(1, count: 8)), "a stopped vessel runs no more syncs")
    }
}
