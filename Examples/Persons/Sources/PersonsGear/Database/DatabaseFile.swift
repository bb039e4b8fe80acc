import Foundation
import GRDB
import Logging

/// Opens a SQLite database file for one writer and concurrent readers (WAL), creating its
/// folder if needed, and brings its schema up to date.
///
/// ```swift
/// let pool = try DatabaseFile.open(atPath: "/tmp/app.sqlite", migrator: migrator)
/// ```
public enum DatabaseFile {
    /// Why a database could not be opened, with the detail for the log.
    public struct Failure: Error, Sendable {
        /// The file that could not be opened.
        public let path: String
        /// What went wrong, for the log.
        public let detail: String
    }

    /// Opens (or creates) the database at `path` and runs `migrator` on it.
    public static func open(
        atPath path: String, migrator: DatabaseMigrator, logger: Logger = Logger(label: "pure.gear.database")
    ) throws(Failure) -> DatabasePool {
        do {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            configuration.label = "pure"
            configuration.prepareDatabase { db in
                // SQLite's default page cache is 2 MiB. The writer's is larger so that a large
                // sync's index pages stay in memory until it commits; readers keep the hot part
                // of the list's indexes.
                try db.execute(sql: "PRAGMA cache_size = \(db.configuration.readonly ? -16_384 : -65_536)")
            }
            let pool = try DatabasePool(path: path, configuration: configuration)
            try migrator.migrate(pool)
            return pool
        } catch {
            logger.error("cannot open the database at \(path): \(error)")
            throw Failure(path: path, detail: String(describing: error))
        }
    }
}
