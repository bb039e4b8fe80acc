import NIOConcurrencyHelpers
import Persons
import PersonsTestSupport
import PersonsWorker
import Testing

@testable import PersonsVessel

/// A sync keeps the people's photos beside the database, each once; one it cannot have shows the
/// initials and is tried again by the next sync.
@Suite("Keeping photos")
struct PhotoSyncTests {
    /// A vessel on an empty database whose web worker has photos.
    func harness(people: [Person] = Samples.people) async throws -> (Vessel, RecordingWeb, RecordingPhotos) {
        let web = RecordingWeb(people: people, hasPhotos: true)
        let photos = RecordingPhotos()
        let vessel = Vessel(
            db: try await PersonDBWorker.inMemory(), photos: photos,
            web: { () throws(Fizzle) -> any PersonWebWork in web })
        return (vessel, web, photos)
    }

    /// The photo downloads `web` was asked for.
    func photoCalls(_ web: RecordingWeb) -> [String] {
        web.calls.compactMap { if case .downloadPhoto(let address) = $0 { address } else { nil } }
    }

    @Test("each distinct photo is downloaded once and kept; the next sync downloads none")
    func keepsEachOnce() async throws {
        let (vessel, web, photos) = try await harness()
        let addresses = Set(Samples.people.compactMap(\.photo))
        let report = try await vessel.syncPersonsAction(Samples.people.count)
        #expect(report.photosKept == addresses.count && report.photosMissing == 0)
        #expect(Set(photoCalls(web)) == addresses && photoCalls(web).count == addresses.count)
        #expect(photos.names == Set(addresses.map(PhotoFile.name(for:))))
        _ = try await vessel.syncPersonsAction(Samples.people.count)
        #expect(photoCalls(web).count == addresses.count, "kept photos are not downloaded again")
        #expect(await vessel.loadPhotoAction(PhotoFile.name(for: try #require(addresses.first))) == Samples.photo)
    }

    @Test("photos that cannot be had are told with the people; they show the initials")
    func missingAreTold() async throws {
        let failing = FailingPhotos(RecordingWeb(hasPhotos: true))
        let vessel = Vessel(
            db: try await PersonDBWorker.inMemory(), photos: RecordingPhotos(),
            web: { () throws(Fizzle) -> any PersonWebWork in failing })
        let missing = Set(Samples.people.compactMap(\.photo)).count
        let report = try await vessel.syncPersonsAction(Samples.people.count)
        #expect(report.stored == Samples.people.count && report.photosMissing == missing && report.photosKept == 0)
        #expect(
            report.message.hasSuffix(
                "could not be had: \(missing == 1 ? "it shows" : "they show") initials, and the next sync tries again.")
        )
        #expect(vessel.appState.value.sys.sync == .success(report.message))
    }

    @Test("photos that fail are counted as missing, and a later sync keeps them")
    func missingThenKept() async throws {
        let web = RecordingWeb(hasPhotos: true)
        let photos = RecordingPhotos()
        let db = try await PersonDBWorker.inMemory()
        let vessel = Vessel(db: db, photos: photos, web: { () throws(Fizzle) -> any PersonWebWork in web })
        let photosToKeep = Set(Samples.people.compactMap(\.photo)).count
        try await db.savePersons(Samples.people) { _ in }
        let failing = FailingPhotos(web)
        let first = await vessel.keepPhotos(from: failing)
        #expect(first == (0, photosToKeep))
        #expect(photos.names.isEmpty)
        let second = await vessel.keepPhotos(from: web)
        #expect(second == (photosToKeep, 0))
    }

    @Test("without a connection, the photos stop at the first failure")
    func offline() async throws {
        let web = RecordingWeb(hasPhotos: true)
        let db = try await PersonDBWorker.inMemory()
        let vessel = Vessel(db: db, photos: RecordingPhotos(), web: { () throws(Fizzle) -> any PersonWebWork in web })
        let many = (0..<100).map { index in
            Person.sample(
                id: "p\(index)", name: "P \(index)", nameParts: nil, username: "u\(index)", gender: .male,
                email: "p\(index)@example.com", age: 20, country: "KR", cellphone: nil,
                photo: "https://example.com/\(index).jpg")
        }
        try await db.savePersons(many) { _ in }
        let offline = FailingPhotos(web, with: .noInternet)
        let outcome = await vessel.keepPhotos(from: offline)
        #expect(outcome == (0, 100))
        #expect(offline.tried <= Vessel.photosAtOnce * 2, "\(offline.tried) photos tried")
    }
}

/// A web worker whose photos all fail with `failure`, counting how many were tried.
final class FailingPhotos: PersonWebWork {
    private let base: RecordingWeb
    private let failure: Fizzle
    private let count = NIOLockedValueBox(0)

    init(_ base: RecordingWeb, with failure: Fizzle = .unusablePhoto) {
        self.base = base
        self.failure = failure
    }

    var tried: Int { count.withLockedValue { $0 } }
    var source: String { base.source }
    var largestPage: Int { base.largestPage }
    var hasPhotos: Bool { true }

    func downloadPage(_ page: Int, of plan: SyncPlan, waiting: @escaping @Sendable (Int) -> Void) -> PersonBatches {
        base.downloadPage(page, of: plan, waiting: waiting)
    }

    func downloadPhoto(_ address: String) async throws(Fizzle) -> PhotoFile {
        count.withLockedValue { $0 += 1 }
        throw failure
    }

    func walk(isLeg: Bool) async throws(Fizzle) -> String { try await base.walk(isLeg: isLeg) }
}
