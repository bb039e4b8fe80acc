import Foundation
import Logging
import Persons
import PersonsGear
import PersonsTestSupport
import PersonsVessel
import PersonsWorker
import RandomUserFixtures
import Testing

/// A thousand payloads no directory should send, synced into a database that already holds
/// people: nothing crashes, every outcome is a report or a message a user can read, and every
/// person stored before is still there.
@Suite("Malformed payloads")
struct MalformedPayloadTests {
    static let known = (0..<10).map { index in
        Person.sample(
            id: "known-\(index)", name: "Known \(index)", nameParts: nil, username: "k\(index)", gender: .male,
            email: "k\(index)@example.com", age: 40, country: "KR", cellphone: nil, photo: nil)
    }

    @Test("1,000 malformed payloads: no crash, a clear outcome each, no known person lost")
    func thousandPayloads() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pure-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A thousand failures would fill the test output: the log goes nowhere here.
        let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let db = try PersonDBWorker(path: folder.appendingPathComponent("persons.sqlite").path, logger: quiet)
        try await db.savePersons(Self.known) { _ in }
        var random = SplitMix64(seed: 2_026)
        var outcomes: [String: Int] = [:]
        let photos = RecordingPhotos()
        for round in 0..<1_000 {
            let payload = PayloadMutator.malformed(round: round, using: &random)
            let vessel = Vessel(
                db: db, photos: photos,
                web: { () throws(Fizzle) -> any PersonWebWork in
                    try PersonWebWorker(
                        address: "http://127.0.0.1:9/", transport: PayloadTransport(payload), logger: quiet)
                }, logger: quiet)
            // As many people as the payload has records (50 if it cannot be read): a page short
            // of what it asked for is a failure of its own.
            let records = (try? RandomUserAccess.decode(payload)).map { max(1, $0.users.count + $0.unreadable) } ?? 50
            do {
                let report = try await vessel.syncPersonsAction(records)
                #expect(report.stored > 0 && report.message.hasPrefix("Stored "))
                outcomes["stored", default: 0] += 1
            } catch {
                #expect(!error.message.isEmpty && error != .unknown, "round \(round): \(error.message)")
                outcomes[error.message, default: 0] += 1
            }
            #expect(vessel.appState.value.sys.sync.permille == nil)
        }
        for person in Self.known {
            #expect(try await db.readPerson(id: person.id) == person)
        }
        // Every kind of outcome happened: the payloads reached more than one path.
        #expect(outcomes["stored", default: 0] > 50)
        #expect(outcomes.count >= 3, "\(outcomes)")
    }
}
