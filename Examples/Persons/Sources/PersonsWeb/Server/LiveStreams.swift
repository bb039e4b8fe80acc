import Synchronization

/// How many live streams (open pages) the server holds right now.
final class LiveStreams: Sendable {
    private let open = Atomic(0)

    var count: Int { open.load(ordering: .relaxed) }

    func opened() { open.add(1, ordering: .relaxed) }

    func closed() { open.subtract(1, ordering: .relaxed) }
}
