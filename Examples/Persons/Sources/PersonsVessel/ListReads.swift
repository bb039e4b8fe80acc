import Persons
import Synchronization

/// The order of the lists' reads: each read gets a stamp when it begins, and shows its page only
/// if no read of the same list that began later has shown one, so that a slow read never puts
/// an older page over a newer one.
///
/// ```swift
/// let stamp = listReads.begin()
/// // … read …
/// if listReads.isNewest(stamp, of: criteria) { show(page) }
/// ```
final class ListReads: Sendable {
    private struct Stamps {
        var last: UInt64 = 0
        var shown: [ListCriteria: UInt64] = [:]
    }

    private let stamps = Mutex(Stamps())

    /// The stamp of a read beginning now.
    func begin() -> UInt64 {
        stamps.withLock { stamps in
            stamps.last += 1
            return stamps.last
        }
    }

    /// Whether the read stamped `stamp` is the newest to show for `criteria`; if so, it is now
    /// the one shown.
    func isNewest(_ stamp: UInt64, of criteria: ListCriteria) -> Bool {
        stamps.withLock { stamps in
            guard stamp > stamps.shown[criteria, default: 0] else { return false }
            stamps.shown[criteria] = stamp
            return true
        }
    }

    /// Forgets the list of `criteria`, closed.
    func forget(_ criteria: ListCriteria) {
        _ = stamps.withLock { $0.shown.removeValue(forKey: criteria) }
    }
}
