import GRDB
import Persons
import PersonsTestSupport
import PersonsWorker
import Synchronization

@testable import PersonsVessel

/// A vessel on the real database worker, over an in-memory database holding the people and
/// switches given, every statement it runs traced (``statements``) and its lists' and switches'
/// reads recorded; a recording web worker, photos in memory, and a count of how often its web
/// worker was built.
struct Harness {
    let db: PersonDBWorker
    let database: DatabaseQueue
    let statements: Statements
    let lists: RecordingLists
    let switches: RecordingSwitches
    let web: RecordingWeb
    let photos: RecordingPhotos
    let vessel: Vessel
    let webBuilds: WebBuilds
    /// The people and switches stored at the start.
    let people: [Person]
    let switchValues: Switches

    init(people: [Person] = Samples.people, switches: Switches = Switches(), state: Roger = Roger()) async throws {
        let statements = Statements()
        let database = try statements.database()
        let db = try await statements.worker(on: database, holding: people, switches: switches)
        let web = RecordingWeb()
        let builds = WebBuilds()
        let photos = RecordingPhotos()
        let lists = RecordingLists(base: db)
        let switchWork = RecordingSwitches(base: db)
        self.statements = statements
        self.database = database
        self.db = db
        self.lists = lists
        self.switches = switchWork
        self.photos = photos
        self.web = web
        self.people = people
        switchValues = switches
        webBuilds = builds
        vessel = Vessel(
            db: db, lists: lists, switches: switchWork, photos: photos,
            web: { () throws(Fizzle) -> any PersonWebWork in
                builds.count.add(1, ordering: .relaxed)
                return web
            }, state: state)
        statements.forget()
    }

    /// The people stored now, by id.
    func stored() async throws -> [Person] {
        var people: [Person] = []
        for meta in try await db.readMetas(PageRequest(isRegion: false)).metas {
            people.append(try await db.readPerson(id: meta.id))
        }
        return people.sorted { $0.id < $1.id }
    }

    /// The statements the vessel ran since `statements.forget()`, and those `work` runs on a
    /// worker holding the people and switches this harness started with, each sorted: the
    /// calls a use case made, compared where they reach the database.
    ///
    /// ```swift
    /// let (ran, expected) = try await harness.ran(asIf: { _ = try await $0.readPerson(id: "p2") })
    /// #expect(ran == expected)
    /// ```
    func ran(
        asIf work: (PersonDBWorker) async throws -> Void
    ) async throws -> (ran: [String], expected: [String]) {
        let ran = statements.sql
        let twin = Statements()
        let db = try await twin.worker(holding: people, switches: switchValues)
        // Read once, as the harness's was: GRDB prepares some statements on first use only.
        _ = try await db.readMetas(PageRequest())
        twin.forget()
        try await work(db)
        return (ran.sorted(), twin.sql.sorted())
    }

    /// Makes every write to `table` fail from now on, as a disk that refuses it would.
    func refuseWrites(to table: String) async throws {
        try await database.write { db in
            for event in ["INSERT", "UPDATE", "DELETE"] {
                try db.execute(
                    sql: """
                        CREATE TEMP TRIGGER refuse_\(event.lowercased())_\(table) BEFORE \(event) ON main.\(table)
                        BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
                        """)
            }
        }
    }
}

final class WebBuilds: Sendable {
    let count = Atomic(0)
    var value: Int { count.load(ordering: .relaxed) }
}
