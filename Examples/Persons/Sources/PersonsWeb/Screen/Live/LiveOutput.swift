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
        var waiter: CheckedContinuation<[LiveEvent]?, Never>?
        var isFinished = false
    }

    private let pending = Mutex(Pending())

    /// Queues `event`, replacing a waiting one of the same part. The hub encodes an event once
    /// and hands the same one to every page.
    func yield(_ event: LiveEvent) {
        let waiter = pending.withLock { pending -> CheckedContinuation<[LiveEvent]?, Never>? in
            guard !pending.isFinished else { return nil }
            if let waiter = pending.waiter {
                pending.waiter = nil
                return waiter
            }
            if pending.latest.updateValue(event, forKey: event.fragment.id) == nil {
                pending.order.append(event.fragment.id)
            }
            return nil
        }
        waiter?.resume(returning: [event])
    }

    /// Every part waiting, oldest first, each as its newest fragment, once there is at least
    /// one; `nil` once finished (or cancelled) with nothing left. A page writes them together.
    func next() async -> [LiveEvent]? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = pending.withLock { pending -> [LiveEvent]?? in
                    if !pending.order.isEmpty {
                        defer {
                            pending.order.removeAll(keepingCapacity: true)
                            pending.latest.removeAll(keepingCapacity: true)
                        }
                        return .some(pending.order.compactMap { pending.latest[$0] })
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
        let waiter = pending.withLock { pending -> CheckedContinuation<[LiveEvent]?, Never>? in
            pending.isFinished = true
            defer { pending.waiter = nil }
            return pending.waiter
        }
        waiter?.resume(returning: nil)
    }
}
