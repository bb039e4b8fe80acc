import Persons
import PersonsTestSupport
import Synchronization

@testable import PersonsVessel

/// A vessel on recording workers, and a count of how often its web worker was built.
struct Harness {
    let db: RecordingDB
    let web: RecordingWeb
    let photos: RecordingPhotos
    let vessel: Vessel
    let webBuilds: WebBuilds

    init(people: [Person] = Samples.people, switches: Switches = Switches(), state: Roger = Roger()) async {
        let db = RecordingDB(people: people, switches: switches)
        let web = RecordingWeb()
        let builds = WebBuilds()
        let photos = RecordingPhotos()
        self.photos = photos
        self.db = db
        self.web = web
        webBuilds = builds
        vessel = Vessel(
            db: db, photos: photos,
            web: { () throws(Fizzle) -> any PersonWebWork in
                builds.count.add(1, ordering: .relaxed)
                return web
            }, state: state)
    }
}

final class WebBuilds: Sendable {
    let count = Atomic(0)
    var value: Int { count.load(ordering: .relaxed) }
}
