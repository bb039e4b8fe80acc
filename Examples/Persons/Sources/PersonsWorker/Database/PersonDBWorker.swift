import Foundation
import GRDB
import Logging
import NIOConcurrencyHelpers
import Persons
import PersonsGear

/// The database worker: people, switches and list pages in a SQLite file (WAL, one writer and
/// concurrent readers), on GRDB; or on any GRDB database writer, such as an in-memory queue.
///
/// ```swift
/// let db = try PersonDBWorker(path: "/tmp/persons.sqlite")
/// try await db.savePersons(people) { _ in }
/// let page = try await db.readMetas(PageRequest())
/// ```
public final class PersonDBWorker: PersonDBWork {
    let pool: any DatabaseWriter
    /// The file, whose writes by other processes are watched; `nil` for a database of its own.
    private let path: String?
    /// The file's identity when it was opened: reads and writes stop when the file at `path`
    /// is another (see ``checkFile()``).
    private let opened: FileIdentity?
    /// The identities of the file's write-ahead log and shared memory when it was opened: the
    /// files SQLite removes by name when it closes (see ``letGo(ofReplaced:)``).
    private let openedCompanions: [FileIdentity?]
    /// Once the file was found replaced: the letting go of it (``letGo(ofReplaced:)``), begun
    /// then, which whoever is told of the replacement waits for.
    private let release = NIOLockedValueBox<Task<Void, Never>?>(nil)
    /// The databases of files found replaced whose log and shared memory at the path are no
    /// longer theirs: kept open until the process ends, so that SQLite, which removes those
    /// files by name when it closes, never removes another file's.
    private static let keptOpen = NIOLockedValueBox<[any DatabaseWriter]>([])
    private let watchInterval: Duration
    let logger: Logger

    /// Opens (or creates) the database at `path` and brings its schema up to date. Writes by
    /// other processes are noticed within `watchInterval`.
    public init(
        path: String, watchInterval: Duration = .seconds(1), logger: Logger = Logger(label: "pure.worker.db")
    ) throws(Fizzle) {
        do {
            pool = try DatabaseFile.open(atPath: path, migrator: PersonSchema.migrator, logger: logger)
        } catch {
            throw .storageUnavailable(error.path, because: error.problem)
        }
        // A file opened for reading is left as it is: only a file this app can bring up to date
        // can be held to a new one.
        if !pool.configuration.readonly { try Self.prepare(pool, at: path, logger: logger) }
        self.path = path
        opened = FileIdentity(atPath: path)
        openedCompanions = Self.companions(of: path)
        self.watchInterval = watchInterval
        self.logger = logger
    }

    /// A worker on `database`, its schema brought up to date as a file's is when opened: for
    /// tests, an in-memory `DatabaseQueue()`. Nobody else writes to such a database, so no other
    /// process is watched.
    ///
    /// ```swift
    /// let db = try PersonDBWorker(database: DatabaseQueue())
    /// ```
    public init(database: any DatabaseWriter, logger: Logger = Logger(label: "pure.worker.db")) throws(Fizzle) {
        do {
            try PersonSchema.migrator.migrate(database)
        } catch {
            logger.error("cannot prepare the database: \(error)")
            throw .storageUnavailable("(in memory)", because: .other)
        }
        if !database.configuration.readonly { try Self.prepare(database, at: "(in memory)", logger: logger) }
        pool = database
        path = nil
        opened = nil
        openedCompanions = []
        watchInterval = .seconds(1)
        self.logger = logger
    }

    /// A new database, as a file is made: migrated, its list tables made from the declarations.
    /// What every database opened is compared with, made once.
    private static let reference = Result { () throws -> DatabaseQueue in
        let fresh = try DatabaseQueue()
        try PersonSchema.migrator.migrate(fresh)
        try fresh.write(PersonSchema.makeFieldTriggers)
        try fresh.write(ListTables.make)
        return fresh
    }

    /// Brings `pool`'s triggers that follow the fields and its list tables up to date: when its
    /// schema differs from a new database's in any way, the triggers are made again from the
    /// fields (`PersonSchema.makeFieldTriggers`); then, if it still differs, the list tables are
    /// made again from the people (see `ListTables`). Then anything still
    /// missing is a table or column a migration, changed after it ran on the file, did not make:
    /// the file is refused, naming it.
    private static func prepare(_ pool: any DatabaseWriter, at path: String, logger: Logger) throws(Fizzle) {
        let lacking: String?
        do {
            let reference = try reference.get()
            if try pool.read(schema) != reference.read(schema) {
                // Written only when something differs: a write at every open would be a commit
                // that every other process on the file hears, and reads its screens again for.
                try pool.write(PersonSchema.makeFieldTriggers)
            }
            if try pool.read(schema) != reference.read(schema) {
                let people = try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM person") ?? 0 }
                if people > 0 {
                    logger.notice("making the list's tables (indexes, search, counts) from \(people) people")
                }
                try pool.write(ListTables.make)
            }
            lacking = try DatabaseFile.lacking(in: pool, comparedWith: reference)
        } catch {
            logger.error("cannot bring the list's tables up to date: \(error)")
            throw Self.fizzle(for: error, otherwise: .storageUnavailable(path, because: .other))
        }
        if let lacking {
            logger.error("the database at \(path) lacks \(lacking), which a new file gets: a migration was changed")
            throw .storageUnavailable(path, because: .editedMigration(lacking: lacking))
        }
    }

    /// Every object of `db`'s schema, as SQL.
    private static func schema(_ db: Database) throws -> Set<String> {
        Set(
            try String.fetchAll(
                db,
                sql:
                    "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
            ))
    }

    /// How many people are stored, from the counts' table.
    static func stored(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT coalesce(sum(count), 0) FROM \(ListTables.counts)") ?? 0
    }

    /// One page of list rows, one index seek away at any depth (see `ListPageReader`).
    public func readMetas(_ request: PageRequest) async throws(Fizzle) -> MetaPage {
        try await read("read a list page") { db in try ListPageReader(request: request).read(db) }
    }

    /// The person with this id, or ``Fizzle/notFound(_:)``.
    public func readPerson(id: Person.ID) async throws(Fizzle) -> Person {
        let record = try await read("read a person") { db in
            try PersonRecord.filter(PersonRecord.Columns.id == id).fetchOne(db)
        }
        guard let record else { throw .notFound(id) }
        return record.person
    }

    /// The addresses of the people's photos, each once.
    public func photoAddresses() async throws(Fizzle) -> [String] {
        try await read("read the photos' addresses") { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT photo FROM person WHERE photo IS NOT NULL")
        }
    }

    /// How many people are stored, from the counts' table.
    public func countPersons() async throws(Fizzle) -> Int {
        try await read("count people", Self.stored)
    }

    /// The newest sync's plan, if a sync ever stored a page; `nil`, with a line in the log, for
    /// a plan no sync would have written (the file is outside input too).
    public func readSyncPlan() async throws(Fizzle) -> SyncPlan? {
        guard let record = try await read("read the newest sync", SyncPlanRecord.newest) else { return nil }
        guard let plan = record.plan else {
            logger.warning(
                "the stored sync plan is not one a sync writes (\(record.count) people, pages of \(record.pageSize), \(record.pagesStored) stored): the next sync starts a new one"
            )
            return nil
        }
        return plan
    }

    /// The persisted switches; a switch never saved keeps its default (`Switches()`).
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

    /// How many people have each value of each filter, from the lists' count table, which holds
    /// a count for each combination of the filters' values (see `ListTables`): one read of it.
    public func countPeople() async throws(Fizzle) -> [ListFilter: [String: Int]] {
        try await read("count the people by each filter") { db in
            var counts = Dictionary(uniqueKeysWithValues: ListFilter.allCases.map { ($0, [String: Int]()) })
            let rows = try Row.fetchCursor(db, sql: "SELECT * FROM \(ListTables.counts) WHERE count > 0")
            while let row = try rows.next() {
                let people: Int = row["count"]
                for filter in ListFilter.allCases {
                    counts[filter, default: [:]][row[filter.field], default: 0] += people
                }
            }
            return counts
        }
    }

    /// Throws ``Fizzle/readOnlyDatabase(_:)`` when nothing can be saved: the file could not be
    /// written to when it was opened, so it was opened for reading only, or the database given
    /// was opened for reading.
    public func checkWritable() throws(Fizzle) {
        if pool.configuration.readonly { throw .readOnlyDatabase(path ?? pool.path) }
    }

    /// Persists one switch.
    public func saveSwitch(_ name: Switches.Name, isOn: Bool) async throws(Fizzle) {
        try await write("save the switch \(name.rawValue)", otherwise: .switchNotSaved) { db in
            try db.execute(
                sql:
                    "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                arguments: [name.rawValue, isOn])
        }
    }

    /// A signal for each commit this process did not make, within the watch interval: another
    /// process's (a `pure sync` in a terminal, a second server), or the file replaced under it.
    /// This worker's own writes are not signalled: whoever writes reads what the write changed.
    public func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        guard path != nil else { return stream }
        let others = Task { [pool, watchInterval, logger] in
            for await _ in DatabaseCommits.watch(pool, every: watchInterval, logger: logger) {
                continuation.yield()
            }
        }
        // A file replaced under the app: one signal, so that the screens read again and say so.
        let replaced = Task { [self, watchInterval] in
            while (try? await Task.sleep(for: watchInterval)) != nil {
                do throws(Fizzle) {
                    try checkFile()
                } catch {
                    continuation.yield()
                    return
                }
            }
        }
        continuation.onTermination = { _ in
            others.cancel()
            replaced.cancel()
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

    /// Throws ``Fizzle/databaseReplaced(_:)`` when the file at the path is no longer the one
    /// opened (deleted, moved, replaced by another file or a folder): what is read or written
    /// must be the file the user named.
    func checkFile() throws(Fizzle) {
        guard let path, FileIdentity(atPath: path) != opened else { return }
        release.withLockedValue { release in
            guard release == nil else { return }
            logger.error("the database file at \(path) was deleted, moved or replaced: reads and writes stop")
            release = Task { await letGo(ofReplaced: path) }
        }
        throw .databaseReplaced(path)
    }

    /// ``checkFile()``, before a read or a write that reports what it finds: a file found
    /// replaced is let go of before the caller is told (see ``told(_:)``).
    func checkFileBeforeTelling() async throws(Fizzle) {
        do throws(Fizzle) { try checkFile() } catch { throw await told(error) }
    }

    /// Passes `failure` on, once the file replaced, if that is the failure, is let go of: whoever
    /// is told may open the path at once, and finds nothing of this file's there.
    func told(_ failure: Fizzle) async -> Fizzle {
        guard let path, failure == .databaseReplaced(path) else { return failure }
        let letting = release.withLockedValue { $0 }
        await letting?.value
        return failure
    }

    /// Lets go of the file opened, now that another is at its `path`, so that nothing this
    /// process does or leaves behind changes the new one (SQLite's "How To Corrupt An SQLite
    /// Database File", §2.4: the next process to open the path would replay the old file's log
    /// into the new one): its write-ahead log is copied into it and emptied (a file moved away
    /// keeps every write), its connections closed, and its log and shared memory removed from the
    /// path, while those are still its own. When they are not (another file's were moved there
    /// too), the connections stay open until the process ends, and nothing is removed.
    private func letGo(ofReplaced path: String) async {
        do {
            _ = try await pool.barrierWriteWithoutTransaction { db in try db.checkpoint(.truncate) }
        } catch {
            logger.error("could not copy the log into the file replaced at \(path): \(error)")
        }
        let isOwn = openedCompanions.allSatisfy { $0 != nil } && Self.companions(of: path) == openedCompanions
        guard isOwn else {
            logger.notice("the log and shared memory at \(path) are not the replaced file's: left as they are")
            Self.keptOpen.withLockedValue { $0.append(pool) }
            return
        }
        do {
            try pool.close()
        } catch {
            logger.error("could not close the file replaced at \(path): \(error)")
            Self.keptOpen.withLockedValue { $0.append(pool) }
            return
        }
        for (suffix, identity) in zip(["-wal", "-shm"], openedCompanions)
        where FileIdentity(atPath: path + suffix) == identity {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
        logger.notice("let go of the file replaced at \(path): its log and shared memory removed")
    }

    /// The identities of the write-ahead log and the shared memory of the database at `path`.
    private static func companions(of path: String) -> [FileIdentity?] {
        ["-wal", "-shm"].map { FileIdentity(atPath: path + $0) }
    }

    /// What a user is told of a failed write: the disk is full, another program is writing,
    /// or `otherwise`.
    static func fizzle(for error: any Error, otherwise: Fizzle) -> Fizzle {
        switch (error as? DatabaseError)?.resultCode {
        case .SQLITE_FULL?: .diskFull
        case .SQLITE_BUSY?, .SQLITE_LOCKED?: .databaseBusy
        default: otherwise
        }
    }

    /// Runs a read; any failure is logged with `what` and becomes ``Fizzle/unreadable``.
    func read<Value: Sendable>(
        _ what: String, _ body: @escaping @Sendable (Database) throws -> Value
    ) async throws(Fizzle) -> Value {
        try await checkFileBeforeTelling()
        do {
            return try await pool.read(body)
        } catch {
            logger.error("cannot \(what): \(error)")
            throw .unreadable
        }
    }

    /// Runs a write in one transaction, into the file the user named: a ``Fizzle`` thrown by
    /// `body` comes out as it is; any other failure is logged with `what` and becomes what the
    /// user is told of it (the disk full, another writer, or `otherwise`).
    func write<Value: Sendable>(
        _ what: String, otherwise: Fizzle, _ body: @escaping @Sendable (Database) throws -> Value
    ) async throws(Fizzle) -> Value {
        try await checkFileBeforeTelling()
        try checkWritable()
        do {
            return try await pool.write { db in
                let value = try body(db)
                // A file replaced meanwhile: roll back rather than write into the file now there.
                try checkFile()
                return value
            }
        } catch let failure as Fizzle {
            throw await told(failure)
        } catch {
            logger.error("cannot \(what): \(error)")
            throw Self.fizzle(for: error, otherwise: otherwise)
        }
    }
}
