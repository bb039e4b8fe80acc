import NIOConcurrencyHelpers
import Persons

/// The order of the reads of one kind of scene (the lists, the people): each read gets a stamp
/// when it begins, and shows what it read only if no read of the same scene that began later has
/// shown one, so that a slow read never puts an older page over a newer one.
///
/// ```swift
/// let stamp = listReads.begin()
/// // … read …
/// if listReads.isNewest(stamp, of: criteria) { show(page) }
/// ```
final class SceneReads<Key: Hashable & Sendable>: Sendable {
    private struct Stamps {
        var last: UInt64 = 0
        var shown: [Key: UInt64] = [:]
    }

    private let stamps = NIOLockedValueBox(Stamps())

    /// The stamp of a read beginning now.
    func begin() -> UInt64 {
        stamps.withLockedValue { stamps in
            stamps.last += 1
            return stamps.last
        }
    }

    /// Whether the read stamped `stamp` is the newest to show for the scene `key`; if so, it is
    /// now the one shown.
    func isNewest(_ stamp: UInt64, of key: Key) -> Bool {
        stamps.withLockedValue { stamps in
            guard stamp > stamps.shown[key, default: 0] else { return false }
            stamps.shown[key] = stamp
            return true
        }
    }

    /// Forgets the scene `key`, closed.
    func forget(_ key: Key) {
        _ = stamps.withLockedValue { $0.shown.removeValue(forKey: key) }
    }
}
