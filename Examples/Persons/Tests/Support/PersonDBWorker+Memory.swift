import GRDB
import Persons
import PersonsWorker

extension PersonDBWorker {
    /// The real worker on a new in-memory database holding `people`: for a test of the vessel
    /// that needs a database and nothing more of it.
    ///
    /// ```swift
    /// let vessel = Vessel(db: try await PersonDBWorker.inMemory(holding: Samples.people), photos: RecordingPhotos(), web: { RecordingWeb() })
    /// ```
    public static func inMemory(holding people: [Person] = []) async throws -> PersonDBWorker {
        let db = try PersonDBWorker(database: DatabaseQueue())
        try await db.savePersons(people) { _ in }
        return db
    }
}
