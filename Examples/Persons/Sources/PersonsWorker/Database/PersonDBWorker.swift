import GRDB
import Logging
import Persons
import PersonsGear

/// The database worker: people, switches and list pages in a SQLite file (WAL, one writer and
/// concurrent readers), on GRDB.
///
/// ```swift
/// let db = try PersonDBWorker(path: "/tmp/persons.sqlite")
/// try await db.savePersons(people) { _ in }
/// let page = try await db.readMetas(PageRequest())
/// ```
public final class PersonDBWorker: PersonDBWork {
    private let pool: DatabasePool
    private let path: String
    private let watchInterval: Duration
    private let logger: Logger

    /// Opens (or creates) the database at `path` and brings its schema up to date. Writes by
    /// other processes are noticed within `watchInterval`.
    public init(
        path: String, watchInterval: Duration = .seconds(1), logger: Logger = Logger(label: "pure.worker.db")
    ) throws(Fizzle) {
        do {
            pool = try DatabaseFile.open(atPath: path, migrator: PersonSchema.migrator, logger: logger)
        } catch {
            throw .storageUnavailable(error.path)
        }
        self.path = path
        self.watchInterval = watchInterval
        self.logger = logger
    }

    /// One page of list rows, one index seek away at any depth (see `MetaPageReader`).
    public func readMetas(_ request: PageRequest) async throws(Fizzle) -> MetaPage {
        try await read("read a list page") { db in try MetaPageReader(request: request).read(db) }
    }

    /// The person with this id, or ``Fizzle/notFound(_:)``.
    public func readPerson(id: Person.ID) async throws(Fizzle) -> Person {
        let record = try await read("read a person") { db in try PersonRecord.fetchOne(db, key: id) }
        guard let record else { throw .notFound(id) }
        return record.person
    }

    /// Upserts the people by id as their batches arrive, then rebuilds the page index, all in
    /// one transaction: decoding the next batch overlaps writing this one, and a failure of the
    /// batches rolls everything back. An id seen earlier in the same batches is skipped; the
    /// report counts new and updated people from the table itself.
    public func savePersons(
        _ batches: PersonBatches, expected: Int, progress: @escaping @Sendable (Int) -> Void
    ) async throws(Fizzle) -> SyncReport {
        let handoff = BatchHandoff<PersonBatch>()
        let feeder = Task {
            do throws(Fizzle) {
                for try await batch in batches {
                    handoff.put(batch)
                }
                // Stopped by cancellation, the batches are incomplete: store none of them.
                handoff.finish(Task.isCancelled ? .unknown : nil)
            } catch {
                handoff.finish(error)
            }
        }
        defer { feeder.cancel() }
        var report: SyncReport
        do {
            report = try await pool.write { db in try Self.upsert(handoff, expected: expected, progress: progress, db) }
        } catch let failure as Fizzle {
            logger.error("nothing saved: the download failed with \(failure)")
            throw failure
        } catch {
            logger.error("cannot save the people: \(error)")
            throw Self.fizzle(for: error, otherwise: .saveFailed)
        }
        do {
            try await checkpoint()
        } catch {
            logger.error("the people are saved, but the checkpoint after them failed: \(error)")
            report.warning = Self.checkpointWarning(for: error)
        }
        progress(1_000)
        return report
    }

    /// The writing half of ``savePersons(_:expected:progress:)``, inside its transaction.
    private static func upsert(
        _ handoff: BatchHandoff<PersonBatch>, expected: Int, progress: @Sendable (Int) -> Void, _ db: Database
    ) throws -> SyncReport {
        try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS sync_seen (id TEXT PRIMARY KEY) WITHOUT ROWID")
        try db.execute(sql: "DELETE FROM sync_seen")
        let seen = try db.cachedStatement(sql: "INSERT OR IGNORE INTO sync_seen (id) VALUES (?)")
        let statement = try db.cachedStatement(sql: upsertSQL)
        let before = try PageIndex.total(db)
        var skipped = SkippedRecords()
        var written = 0
        var distinct = 0
        while let batch = try handoff.take() {
            skipped.add(batch.skipped)
            for person in batch.people {
                try seen.execute(arguments: [person.id])
                guard db.changesCount > 0 else {
                    skipped.add(.duplicateID)
                    continue
                }
                try statement.execute(arguments: PersonRecord(person).upsertArguments)
                distinct += 1
            }
            written += batch.people.count
            progress(min(950, written * 950 / max(expected, 1)))
        }
        try db.execute(sql: "DELETE FROM sync_seen")
        try PageIndex.rebuild(db)
        // GRDB cannot see changes to WITHOUT ROWID tables by itself: tell observers.
        try db.notifyChanges(in: Table(PersonRecord.databaseTableName))
        let inserted = try PageIndex.total(db) - before
        return SyncReport(inserted: inserted, updated: distinct - inserted, skipped: skipped)
    }

    /// How many people are stored, from the per-region counts.
    public func countPersons() async throws(Fizzle) -> Int {
        try await read("count people") { db in try PageIndex.total(db) }
    }

    /// The persisted switches; a switch never saved is on.
    public func readSwitches() async throws(Fizzle) -> Switches {
        try await read("read the switches") { db in
            var switches = Switches()
            for row in try Row.fetchAll(db, sql: "SELECT key, value FROM setting") {
                if let name = Switches.Name(rawValue: row["key"]) {
                    switches[name] = row["value"]
                }
            }
            return switches
        }
    }

    /// Persists one switch.
    public func saveSwitch(_ name: Switches.Name, isOn: Bool) async throws(Fizzle) {
        do {
            try await pool.write { db in
                try db.execute(
                    sql:
                        "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    arguments: [name.rawValue, isOn])
            }
        } catch {
            logger.error("cannot save the switch \(name.rawValue): \(error)")
            throw Self.fizzle(for: error, otherwise: .switchNotSaved)
        }
    }

    /// A signal after every committed change of the people: at once for this worker's own
    /// writes, within the watch interval for another process's (a `pure sync` in a terminal).
    public func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let observation = DatabaseRegionObservation(tracking: Table(PersonRecord.databaseTableName))
        let logger = logger
        let cancellable = observation.start(
            in: pool,
            onError: { error in
                logger.error("stopped watching the people: \(error)")
                continuation.finish()
            },
            onChange: { _ in continuation.yield() }
        )
        let others = Task { [path, watchInterval] in
            for await _ in DatabaseCommits.watch(atPath: path, every: watchInterval, logger: logger) {
                continuation.yield()
            }
        }
        continuation.onTermination = { _ in
            cancellable.cancel()
            others.cancel()
        }
        return stream
    }

    /// "WING" after reading the database; ``Fizzle/notFly`` without wings.
    public func fly(isWing: Bool) async throws(Fizzle) -> String {
        guard isWing else { throw .notFly }
        _ = try await countPersons()
        return "WING"
    }

    // MARK: - Helpers

    /// Copies the write-ahead log into the database file now, so that the next small write
    /// (a switch flipped) does not pay for a large sync's log. A checkpoint that cannot finish
    /// because readers hold old pages is left to SQLite's automatic ones.
    private func checkpoint() async throws {
        try await pool.writeWithoutTransaction { db in
            _ = try db.checkpoint(.passive)
        }
    }

    /// What a user is told of a failed write: the disk is full, another program is writing,
    /// or `otherwise`.
    private static func fizzle(for error: any Error, otherwise: Fizzle) -> Fizzle {
        switch (error as? DatabaseError)?.resultCode {
        case .SQLITE_FULL?: .diskFull
        case .SQLITE_BUSY?, .SQLITE_LOCKED?: .databaseBusy
        default: otherwise
        }
    }

    /// What a user is told when the people are saved but the checkpoint after them failed.
    private static func checkpointWarning(for error: any Error) -> String {
        let reason = fizzle(for: error, otherwise: .unknown) == .diskFull ? "the disk is full" : "it failed"
        return "The people are saved, but tidying the database afterwards did not finish (\(reason)); "
            + "the next sync will try again."
    }

    private static let upsertSQL = """
        INSERT INTO person (id, name, username, gender, email, age, country, cellphone, photo)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET
            name = excluded.name, username = excluded.username, gender = excluded.gender, email = excluded.email,
            age = excluded.age, country = excluded.country, cellphone = excluded.cellphone, photo = excluded.photo
        """

    /// Runs a read; any failure is logged with `what` and becomes ``Fizzle/unreadable``.
    private func read<Value: Sendable>(
        _ what: String, _ body: @escaping @Sendable (Database) throws -> Value
    ) async throws(Fizzle) -> Value {
        do {
            return try await pool.read(body)
        } catch {
            logger.error("cannot \(what): \(error)")
            throw .unreadable
        }
    }
}
