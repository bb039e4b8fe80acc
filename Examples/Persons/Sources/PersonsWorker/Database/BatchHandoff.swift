import Dispatch
import NIOConcurrencyHelpers
import Persons

/// Hands batches from an async producer to the database's writer thread, which waits for each
/// one inside its transaction. Waiting is fine there: GRDB's writer runs on its own dispatch
/// queue, never on the concurrency pool.
final class BatchHandoff<Element: Sendable>: Sendable {
    private struct Queue {
        var items: [Element] = []
        var next = 0
        var isFinished = false
        var failure: Fizzle?
    }

    private let queue = NIOLockedValueBox(Queue())
    private let available = DispatchSemaphore(value: 0)

    /// Adds a batch.
    func put(_ item: Element) {
        queue.withLockedValue { $0.items.append(item) }
        available.signal()
    }

    /// Ends the batches, with the failure that ended them if any.
    func finish(_ failure: Fizzle?) {
        queue.withLockedValue { queue in
            queue.isFinished = true
            queue.failure = failure
        }
        available.signal()
    }

    /// Waits for the next batch; `nil` at the end; throws the failure that ended them.
    func take() throws(Fizzle) -> Element? {
        available.wait()
        let taken: Result<Element?, Fizzle> = queue.withLockedValue { queue in
            if queue.next < queue.items.count {
                defer { queue.next += 1 }
                return .success(queue.items[queue.next])
            }
            if let failure = queue.failure { return .failure(failure) }
            return .success(nil)
        }
        return try taken.get()
    }
}
