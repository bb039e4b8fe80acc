import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// When the Vessel's background work runs: the directory's syncs asked for, and the exchanges
/// with the address book (one on start, one every `pullEvery`, one for each request, and one
/// `saveSettles` after the last of some saves here). It only keeps time and requests; what a
/// sync or an exchange does is the Vessel's, given to ``runSyncs(_:)`` and
/// ``runExchanges(showingNext:_:)``, which the Vessel's `run()` runs until shutdown.
///
/// ```swift
/// let timetable = Timetable(pullEvery: .seconds(60), saveSettles: .milliseconds(500))
/// timetable.requestExchange()   // the next exchange starts as soon as the one running ends
/// ```
final class Timetable: Sendable {
    /// How often the address book is pulled while the app runs.
    let pullEvery: Duration
    /// How long after the last of some saves here their exchange starts.
    let saveSettles: Duration
    /// The syncs asked for and not yet started; the newest one waiting is enough.
    private let syncs = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
    /// The exchanges asked for and not yet started; one waiting is enough.
    private let exchanges = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    /// A signal for each save here, and how many there were.
    private let saves = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    private let savesHere = Atomic(0)

    /// A timetable pulling every `pullEvery`, and exchanging `saveSettles` after the last save.
    init(pullEvery: Duration, saveSettles: Duration) {
        self.pullEvery = pullEvery
        self.saveSettles = saveSettles
    }

    /// Asks for a sync of `count` people; one asked while another waits replaces it.
    func requestSync(_ count: Int) {
        syncs.continuation.yield(count)
    }

    /// Asks for an exchange as soon as the one running, if any, ends.
    func requestExchange() {
        exchanges.continuation.yield()
    }

    /// Asks for an exchange once the saves here have settled: what a person changed here is on
    /// the address book's server in about `saveSettles`, and saves in a row go out in one
    /// exchange.
    func exchangeSoon() {
        savesHere.add(1, ordering: .relaxed)
        saves.continuation.yield()
    }

    /// Runs `sync` for each sync asked for, one at a time, until the task is cancelled.
    func runSyncs(_ sync: (Int) async -> Void) async {
        for await count in syncs.stream { await sync(count) }
    }

    /// Runs `exchange` on start, every `pullEvery`, when asked and soon after saves, one at a
    /// time, until the task is cancelled; tells `showingNext` when the next pull is due (seconds
    /// since 1970), each time it is set.
    func runExchanges(showingNext: @escaping @Sendable (Int) -> Void, _ exchange: () async -> Void) async {
        let ticks = Task { [pullEvery, exchanges] in
            while true {
                showingNext(
                    Int(Date.now.addingTimeInterval(TimeInterval(pullEvery.components.seconds)).timeIntervalSince1970))
                guard (try? await Task.sleep(for: pullEvery)) != nil else { return }
                exchanges.continuation.yield()
            }
        }
        defer { ticks.cancel() }
        // Each save here asks for an exchange once no other came for `saveSettles`.
        let settled = Task { [self] in
            var asked = 0
            for await _ in saves.stream {
                var seen = savesHere.load(ordering: .relaxed)
                guard seen != asked else { continue }
                while (try? await Task.sleep(for: saveSettles)) != nil {
                    let now = savesHere.load(ordering: .relaxed)
                    if now == seen { break }
                    seen = now
                }
                asked = seen
                exchanges.continuation.yield()
            }
        }
        defer { settled.cancel() }
        exchanges.continuation.yield()
        for await _ in exchanges.stream { await exchange() }
    }
}
