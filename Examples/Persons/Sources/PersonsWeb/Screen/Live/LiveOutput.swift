import Synchronization

/// Where a screen's hub sends a page's fragments, and where the page's connection takes them.
/// Each fragment carries the number of the change it shows (the event's `id:`).
///
/// A fragment replaces the part with its id, so only the newest fragment of each part is worth
/// writing: a fragment sent while an older one of the same part still waits takes its place.
/// However far a page falls behind, it never holds more than one fragment per part, and what
/// it receives next is each part as it is now.
final class LiveOutput: Sendable {
    private struct Pending {
        var order: [String] = []
        var latest: [String: LiveEvent] = [:]
        var waiter: CheckedContinuation<LiveEvent?, Never>?
        var isFinished = false
    }

    private let pending = Mutex(Pending())

    /// Queues `fragment` of change `number`, replacing a waiting one of the same part.
    func yield(_ fragment: Fragment, number: Int) {
        let event = LiveEvent(fragment: fragment, number: number)
        let waiter = pending.withLock { pending -> CheckedContinuation<LiveEvent?, Never>? in
            guard !pending.isFinished else { return nil }
            if let waiter = pending.waiter {
                pending.waiter = nil
                return waiter
            }
            if pending.latest.updateValue(event, forKey: fragment.id) == nil {
                pending.order.append(fragment.id)
            }
            return nil
        }
        waiter?.resume(returning: event)
    }

    /// The oldest part waiting, as its newest fragment; `nil` once finished (or cancelled).
    func next() async -> LiveEvent? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = pending.withLock { pending -> LiveEvent?? in
                    if !pending.order.isEmpty {
                        let id = pending.order.removeFirst()
                        return .some(pending.latest.removeValue(forKey: id))
                    }
                    if pending.isFinished { return .some(nil) }
                    pending.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            finish()
        }
    }

    /// How many parts wait to be written.
    var waiting: Int { pending.withLock { $0.order.count } }

    /// Ends the fragments: ``next()`` returns what still waits, then `nil`.
    func finish() {
        let waiter = pending.withLock { pending -> CheckedContinuation<LiveEvent?, Never>? in
            pending.isFinished = true
            defer { pending.waiter = nil }
            return pending.waiter
        }
        waiter?.resume(returning: nil)
    }
}
