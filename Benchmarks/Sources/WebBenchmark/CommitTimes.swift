import BenchmarkSupport
import Persons
import PersonsWorker
import Synchronization

/// The times (monotonic nanoseconds) at which a database worker signalled a commit another writer
/// made, heard as the Vessel hears them: from the worker's `changes()`.
final class CommitTimes: Sendable {
    private final class Times: Sendable {
        let values = Mutex<[Int]>([])
    }

    private let times = Times()
    private let listening: Task<Void, Never>?

    /// Listens to `db`; with no worker, there is nothing to hear.
    init(_ db: PersonDBWorker?) {
        guard let db else {
            listening = nil
            return
        }
        let times = times
        let changes = db.changes()
        listening = Task {
            for await _ in changes {
                let now = monotonicNanoseconds()
                times.values.withLock { $0.append(now) }
            }
        }
    }

    /// The first commit signalled at or after `start`, once it is (within 10 seconds).
    func first(after start: Int) async throws -> Int {
        for _ in 0..<10_000 {
            if let time = times.values.withLock({ $0.first { $0 >= start } }) { return time }
            try await Task.sleep(for: .milliseconds(1))
        }
        throw NoCommit()
    }

    /// Stops listening.
    func stop() {
        listening?.cancel()
    }

    struct NoCommit: Error, CustomStringConvertible {
        var description: String { "no commit was signalled within 10 seconds of a store" }
    }
}
