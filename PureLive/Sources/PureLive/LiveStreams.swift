import Synchronization

/// How many live pages the engine holds right now, and how many connections it closed because
/// their client stopped reading.
final class LiveStreams: Sendable {
    private let open = Atomic(0)
    private let droppedCount = Atomic(0)

    var count: Int { open.load(ordering: .relaxed) }

    var dropped: Int { droppedCount.load(ordering: .relaxed) }

    func opened() { open.add(1, ordering: .relaxed) }

    func closed() { open.subtract(1, ordering: .relaxed) }

    func droppedReader() { droppedCount.add(1, ordering: .relaxed) }
}
