import Synchronization

/// What the engine holds right now, counted as it goes: the live pages open, the hubs' watchers
/// running, and how many connections it closed because their client stopped reading; and how
/// many pages ever opened. A page that closes and a hub whose last page closed leave no count
/// behind.
final class LiveCounts: Sendable {
    private let pages = Atomic(0)
    private let openedCount = Atomic(0)
    private let watchers = Atomic(0)
    private let droppedCount = Atomic(0)

    /// How many live pages are open.
    var openPages: Int { pages.load(ordering: .relaxed) }

    /// How many hubs' watchers are running.
    var runningWatchers: Int { watchers.load(ordering: .relaxed) }

    /// How many connections were closed because their client stopped reading.
    var dropped: Int { droppedCount.load(ordering: .relaxed) }

    /// How many live pages opened since the engine started: one per socket.
    var opened: Int { openedCount.load(ordering: .relaxed) }

    func pageOpened() {
        pages.add(1, ordering: .relaxed)
        openedCount.add(1, ordering: .relaxed)
    }

    func pageClosed() { pages.subtract(1, ordering: .relaxed) }

    func watcherStarted() { watchers.add(1, ordering: .relaxed) }

    func watcherStopped() { watchers.subtract(1, ordering: .relaxed) }

    func droppedReader() { droppedCount.add(1, ordering: .relaxed) }
}
