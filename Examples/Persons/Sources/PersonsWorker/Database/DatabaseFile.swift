import Foundation
import GRDB
import Logging
import Persons

/// Opens a SQLite database file for one writer and concurrent readers (WAL), creating its
/// folder if needed, and brings its schema up to date; a file that cannot be written to is
/// opened for reading only.
///
/// ```swift
/// let database = try DatabaseFile.open(atPath: "/tmp/app.sqlite", migrator: migrator)
/// ```
public enum DatabaseFile {
    /// Why a database could not be opened, in the user's words, with the detail for the log.
    public struct Failure: Error, Sendable {
        /// The file that could not be opened.
        public let path: String
        /// What stands in the way.
        public let problem: StorageProblem
        /// What went wrong, for the log.
        public let detail: String
    }

    /// Whether the file at `path` exists and cannot be written to, or its folder cannot (where
    /// SQLite keeps the file's log): such a file is opened for reading only.
    static func isReadOnly(atPath path: String) -> Bool {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let files = FileManager.default
        return files.fileExists(atPath: path)
            && !(files.isWritableFile(atPath: path) && files.isWritableFile(atPath: folder))
    }

    /// Opens (or creates) the database at `path` and runs `migrator` on it. A file that a newer
    /// migrator brought further than `migrator` knows is left as it is; a read-only one (see
    /// ``isReadOnly(atPath:)``) is opened for reading, if `migrator` has nothing to do on it.
    public static func open(
        atPath path: String, migrator: DatabaseMigrator, logger: Logger = Logger(label: "pure.worker.db")
    ) throws(Failure) -> any DatabaseWriter {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            logger.error("cannot open the database at \(path): it is a folder")
            throw Failure(path: path, problem: .folder, detail: "a folder")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            logger.error("cannot make the database's folder \(folder.path): \(error)")
            throw Failure(path: path, problem: .folderUnusable, detail: String(describing: error))
        }
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            configuration.label = "pure"
            configuration.prepareDatabase { db in
                // SQLite's default page cache is 2 MiB. The writer's is larger so that a large
                // sync's index pages stay in memory until it commits (the list's indexes of a
                // million people are about 250 MiB); readers keep the hot part of them.
                try db.execute(sql: "PRAGMA cache_size = \(db.configuration.readonly ? -16_384 : -262_144)")
            }
            let isReadOnly = isReadOnly(atPath: path)
            configuration.readonly = isReadOnly
            let pool: any DatabaseWriter =
                isReadOnly
                ? try DatabaseQueue(path: path, configuration: configuration)
                : try DatabasePool(path: path, configuration: configuration)
            if let newer = try newerMigration(in: pool, than: migrator) {
                let known = migrator.migrations.last ?? "none"
                logger.error(
                    "cannot open the database at \(path): its schema is at \(newer), this app knows up to \(known)")
                throw Failure(
                    path: path, problem: .newerSchema(found: version(newer), known: version(known)), detail: newer)
            }
            if isReadOnly {
                guard try pool.read({ db in try migrator.hasCompletedMigrations(db) }) else {
                    logger.error(
                        "cannot open the database at \(path): read-only, and its schema is older than the app's")
                    throw Failure(path: path, problem: .readOnly, detail: "read-only, with an older schema")
                }
                logger.notice("the database at \(path) is read-only: opened for reading")
                return pool
            }
            try migrator.migrate(pool)
            return pool
        } catch let failure as Failure {
            throw failure
        } catch {
            logger.error("cannot open the database at \(path): \(error)")
            throw Failure(path: path, problem: problem(of: error, folder: folder), detail: String(describing: error))
        }
    }

    /// The newest migration the file has that `migrator` does not know, if any.
    private static func newerMigration(in pool: any DatabaseWriter, than migrator: DatabaseMigrator) throws -> String? {
        try pool.read { db in
            guard try db.tableExists("grdb_migrations") else { return nil }
            let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            return applied.filter { !migrator.migrations.contains($0) }.max()
        }
    }

    /// The first table or column (`table.column`) that `reference` has and `file` lacks, if
    /// any: given a new database prepared as `file` was, what a migration changed after it ran
    /// on `file` would miss.
    ///
    /// ```swift
    /// let fresh = try DatabaseQueue()
    /// try migrator.migrate(fresh)
    /// try DatabaseFile.lacking(in: file, comparedWith: fresh)   // "person.photo"
    /// ```
    public static func lacking(
        in file: any DatabaseReader, comparedWith reference: any DatabaseReader
    ) throws
        -> String?
    {
        let expected = try reference.read(schema)
        let found = try file.read(schema)
        for (table, columns) in expected.sorted(by: { $0.key < $1.key }) {
            guard let present = found[table] else { return table }
            if let column = columns.first(where: { !present.contains($0) }) { return "\(table).\(column)" }
        }
        return nil
    }

    /// The tables of `db` (its own, not SQLite's or the migrator's), each with its columns.
    private static func schema(_ db: Database) throws -> [String: [String]] {
        let tables = try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_master
                WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%'
                """)
        var schema: [String: [String]] = [:]
        for table in tables { schema[table] = try db.columns(in: table).map(\.name) }
        return schema
    }

    /// A migration's version, the words before its colon: "v3" for "v3: syncs in pages".
    private static func version(_ identifier: String) -> String {
        String(identifier.prefix { $0 != ":" })
    }

    /// What stands in the way, from SQLite's error and the folder.
    private static func problem(of error: any Error, folder: URL) -> StorageProblem {
        switch (error as? DatabaseError)?.resultCode {
        case .SQLITE_NOTADB?, .SQLITE_CORRUPT?: .notADatabase
        case .SQLITE_READONLY?, .SQLITE_PERM?: .readOnly
        case .SQLITE_CANTOPEN?: FileManager.default.isWritableFile(atPath: folder.path) ? .readOnly : .folderUnusable
        default: .other
        }
    }
}
