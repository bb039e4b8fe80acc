import Foundation
import Persons
import PersonsVessel
import PersonsWorker
import RandomUserFixtures
import Testing

/// One odd record among many never sinks a sync.
// A time limit on sockets and processes: a test that hangs fails instead of stalling the run.
@Suite("One odd record", .timeLimit(.minutes(10)))
struct OddRecordTests {
    @Test(
        "a name whose two words differ by a NUL alone, among 5,000 (one request) or 50,000 (pages): all stored, the person found",
        arguments: [5_000, 50_000])
    func nulInName(count: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pure-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await RandomUserServer().withRunning { base in
            // The first person: first name "Ann\0", last name "Ann". Before, the search entries of
            // that one person collided, and none of the 5,000 were stored; in pages, the name was
            // cut at the NUL.
            let address = base.absoluteString + "?seed=13&name0=Ann%00&last0=Ann"
            // A hang catcher: under ThreadSanitizer, with every suite running on a slow machine,
            // the 5,000 in one answer once took over 60 s.
            let vessel = try await Vessel.open(
                VesselConfiguration(
                    databasePath: folder.appendingPathComponent("persons.sqlite").path, apiAddress: address,
                    timeout: .seconds(240), attempts: 1))
            let report = try await vessel.syncPersonsAction(count)
            #expect(report.inserted == count, "\(report.message)")
            let id = RandomUserGenerator(options: .init(seed: 13)).uuid(at: 0)
            let db = try PersonDBWorker(path: folder.appendingPathComponent("persons.sqlite").path)
            #expect(try await db.readPerson(id: id).name == "Ann Ann")
            let found = try await db.readMetas(PageRequest(criteria: ListCriteria(search: "ann ann"), isRegion: false))
            #expect(found.metas.map(\.id).contains(id))
        }
    }
}
