import Foundation
import Persons
import PersonsTestSupport
import PersonsVessel
import PersonsWorker
import Pure
import Testing

/// A switch flipped by its action is journalled under that action, even while the vessel
/// follows the file, whose observation hears the same commit.
@Suite("Switches in the journal", .timeLimit(.minutes(10)))
struct SwitchJournalTests {
    @Test("every flip of a switch is its action's change, never the stored-changes query's")
    func flipsNamedByTheirAction() async throws {
        let journal = Journal<Roger>()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pure-journal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = try PersonDBWorker(path: folder.appendingPathComponent("persons.sqlite").path)
        try await db.savePersons(Samples.people) { _ in }
        let vessel = Vessel(db: db, photos: RecordingPhotos(), web: { RecordingWeb() }, journal: journal)
        let running = Task { try await vessel.run() }
        defer { running.cancel() }
        try await Task.sleep(for: .milliseconds(50))
        for flip in 0..<40 {
            try await vessel.applyRegionAction(flip % 2 == 1)
            try await Task.sleep(for: .milliseconds(5))
        }
        let flips = journal.entries.filter { $0.before.field.isRegion != $0.after.field.isRegion }
        #expect(flips.count == 40)
        #expect(flips.allSatisfy { $0.useCase == "ApplyRegionAction" }, "\(flips.map(\.useCase))")
    }
}
