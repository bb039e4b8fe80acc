import GRDB
import Logging

/// Commits made to a SQLite file by other connections, other processes included: a signal for
/// each change of `PRAGMA data_version`, read every `interval` on a read-only connection of its
/// own. GRDB's observations see only the writes of their own pool; this sees everyone's.
///
/// ```swift
/// for await _ in DatabaseCommits.watch(atPath: path, every: .seconds(1)) { reload() }
/// ```
public enum DatabaseCommits {
    /// Signals until the stream is dropped; a failure to read ends it, with the detail logged.
    public static func watch(
        atPath path: String, every interval: Duration, logger: Logger = Logger(label: "pure.gear.database")
    ) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let polling = Task {
            do {
                var configuration = Configuration()
                configuration.readonly = true
                configuration.label = "pure.commits"
                let connection = try DatabaseQueue(path: path, configuration: configuration)
                var seen = try await version(connection)
                while true {
                    try await Task.sleep(for: interval)
                    let now = try await version(connection)
                    if now != seen {
                        seen = now
                        continuation.yield()
                    }
                }
            } catch is CancellationError {
            } catch {
                logger.error("stopped watching \(path) for other writers: \(error)")
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in polling.cancel() }
        return stream
    }

    private static func version(_ connection: DatabaseQueue) async throws -> Int? {
        try await connection.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
    }
}
