import Synchronization

/// Where a view model sends a page's fragments, and where the page's connection takes them.
///
/// A fragment replaces the part with its id, so only the newest fragment of each part is worth
/// writing: a fragment sent while an older one of the same part still waits takes its place.
/// However far a page falls behind, it never holds more than one fragment per part, and what
/// it receives next is each part as it is now.
final class LiveOutput: Sendable {
    private struct Pending {
        var order: [String] = []
        var latest: [String: Fragment] = [:]
        var waiter: CheckedContinuation<Fragment?, Never>?
        var isFinished = false
    }

    private let pending = Mutex(Pending())

    /// Queues `fragment`, replacing a waiting one of the same part.
    func yield(_ fragment: Fragment) {
        let waiter = pending.withLock { pending -> CheckedContinuation<Fragment?, Never>? in
            guard !pending.isFinished else { return nil }
            if let waiter = pending.waiter {
                pending.waiter = nil
                return waiter
            }
            if pending.latest.updateValue(fragment, forKey: fragment.id) == nil {
                pending.order.append(fragment.id)
            }
            return nil
        }
        waiter?.resume(returning: fragment)
    }

    /// The oldest part waiting, as its newest fragment; `nil` once finished (or cancelled).
    func next() async -> Fragment? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = pending.withLock { pending -> Fragment?? in
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
        let waiter = pending.withLock { pending -> CheckedContinuation<Fragment?, Never>? in
            pending.isFinished = true
            defer { pending.waiter = nil }
            return pending.waiter
        }
        waiter?.resume(returning: nil)
    }
}
