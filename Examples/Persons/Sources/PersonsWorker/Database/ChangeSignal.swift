import NIOConcurrencyHelpers
import Persons

/// Sends what commits changed to a stream that keeps one value: a change the reader has not
/// taken yet is merged into the next, so a burst of commits is read once and none is lost.
final class ChangeSignal: Sendable {
    private let continuation: NIOLockedValueBox<AsyncStream<StoredChanges>.Continuation>

    init(_ continuation: AsyncStream<StoredChanges>.Continuation) {
        self.continuation = NIOLockedValueBox(continuation)
    }

    /// Sends `change`, with any change still waiting merged into it.
    func send(_ change: StoredChanges) {
        continuation.withLockedValue { continuation in
            if case .dropped(let waiting) = continuation.yield(change), waiting != change {
                continuation.yield(waiting.union(change))
            }
        }
    }
}
