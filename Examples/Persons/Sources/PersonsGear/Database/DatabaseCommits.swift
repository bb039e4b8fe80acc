import GRDB
import Logging

/// Commits made to a SQLite file by other processes (a command in a terminal, a second server):
/// a signal for each change of `PRAGMA data_version`, read every `interval` on the writer's own
/// connection. SQLite changes a connection's `data_version` only for commits it did not make,
/// so this process's own writes are not heard here: whoever wrote reads what they changed.
///
/// ```swift
/// for await _ in DatabaseCommits.watch(pool, every: .seconds(1)) { reload() }
/// ```
public enum DatabaseCommits {
    /// Signals until the stream is dropped; a failure to read ends it, with the detail logged.
    public static func watch(
        _ writer: any DatabaseWriter, every interval: Duration,
        logger: Logger = Logger(label: "pure.gear.database")
    ) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let polling = Task {
            do {
                var seen = try await version(writer)
                while true {
                    try await Task.sleep(for: interval)
                    let now = try await version(writer)
                    if now != seen {
                        seen = now
                        continuation.yield()
                    }
                }
            } catch is CancellationError {
            } catch {
                logger.error("stopped watching the database for other writers: \(error)")
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in polling.cancel() }
        return stream
    }

    /// The writer connection's `data_version`: outside a transaction, between this process's
    /// writes.
    private static func version(_ writer: any DatabaseWriter) async throws -> Int? {
        try await writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
    }
}
