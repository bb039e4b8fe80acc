import Foundation
import Persons
import PersonsVessel
import PureTesting
import Testing

/// The database file deleted while the app runs: the screens say so, and a sync fails saying so.
@Suite("A database replaced while the app runs", .timeLimit(.minutes(10)))
struct ReplacedDatabaseTests {
    @Test("the list says the file was replaced, and a sync refuses to report people stored")
    func told() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pure-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("persons.sqlite").path
        let vessel = try await Vessel.open(VesselConfiguration(databasePath: path))
        _ = try await vessel.syncPersonsAction(10)
        let running = Task { try await vessel.run() }
        defer { running.cancel() }
        let list = await vessel.openListAction(ListCriteria())
        try FileManager.default.removeItem(atPath: path)
        let replaced = Fizzle.databaseReplaced(path)
        await waitUntil("the list says the file was replaced", timeout: .seconds(120)) {
            vessel.list(list).message == replaced.message
        }
        await #expect(throws: replaced) { try await vessel.syncPersonsAction(10) }
        #expect(!FileManager.default.fileExists(atPath: path), "nothing was written at the path")
    }
}
