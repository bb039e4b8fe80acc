import Synchronization

/// How many instances of a type are alive, so that a test sees one never let go: each instance
/// holds a ``Token`` from the type's count.
///
/// ```swift
/// static let instances = AliveCount()
/// private let counted = Self.instances.token()
/// ```
final class AliveCount: Sendable {
    private let count = Atomic(0)

    /// How many tokens are alive.
    var alive: Int { count.load(ordering: .relaxed) }

    /// A token that counts while it lives.
    func token() -> Token { Token(self) }

    /// Counted from its making to its end.
    final class Token: Sendable {
        private let count: AliveCount

        init(_ count: AliveCount) {
            self.count = count
            count.count.add(1, ordering: .relaxed)
        }

        deinit {
            count.count.subtract(1, ordering: .relaxed)
        }
    }
}
