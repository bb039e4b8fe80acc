import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// When the Vessel's background work runs: the directory's syncs asked for, and the exchanges
/// with the address book. It only keeps time and requests; what a sync or an exchange does is the
/// Vessel's, given to ``runSyncs(_:)`` and ``runExchanges(_:)``, which the Vessel's `run()` runs
/// until shutdown.
///
/// An exchange runs on start, for each request, `saveSettles` after the last of some saves here,
/// and as a check for changes there:
/// - while a page is open (``watch(upTo:while:)``), every ``watchFloor`` after a change, backing
///   off to the ceiling given while nothing changes, so that a change made there shows in
///   seconds, at one cheap request per check;
/// - while none is, every `pullEvery`;
/// - after a failure, again in 2 s, doubling up to the interval above: a server back after an
///   outage gets what waits as soon as it answers.
///
/// ```swift
/// let timetable = Timetable(pullEvery: .seconds(60), saveSettles: .milliseconds(500))
/// timetable.requestExchange()   // the next exchange starts as soon as the one running ends
/// ```
final class Timetable: Sendable {
    /// Why an exchange is asked for: the user asked (it shows its progress), saves here wait to
    /// go, or a check for changes is due (it shows only what it finds).
    enum Reason: Sendable {
        case asked
        case saved
        case check
    }

    /// How an exchange runs: whether it shows its progress (the user asked for it), and whether
    /// it tries again the people the address book refused, which an exchange does when asked,
    /// after saves here, and once every `pullEvery`: not at every check.
    struct Run: Equatable, Sendable {
        /// The user asked for it.
        var isAsked: Bool
        /// It sends the people set aside again.
        var retries: Bool
    }

    /// How an exchange went, for when the next check is due.
    enum Outcome: Sendable {
        /// Something went either way.
        case changed
        /// Nothing changed on either side.
        case idle
        /// It failed.
        case failed
    }

    /// How often the address book is checked while no page is open.
    let pullEvery: Duration
    /// How soon a check follows a change while a page is open.
    static let watchFloor = Duration.seconds(1)
    /// How long after the last of some saves here their exchange starts.
    let saveSettles: Duration
    /// How soon a check follows a failure, at first; doubled after each failure in a row.
    static let retryFirst = Duration.seconds(2)
    /// How often the clock looks whether a check is due.
    static let tick = Duration.milliseconds(250)

    /// The syncs asked for and not yet started; the newest one waiting is enough.
    private let syncs = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
    /// The exchanges asked for and not yet started, by why; one waiting is enough, and a request
    /// of the user's is never replaced by a check.
    private let exchanges = AsyncStream.makeStream(of: Reason.self, bufferingPolicy: .bufferingNewest(1))
    private let userAsked = Atomic(false)
    /// A signal for each save here, and how many there were.
    private let saves = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    private let savesHere = Atomic(0)
    /// Whether a page is open, as the web server says.
    private let watched = Mutex<@Sendable () -> Bool>({ false })
    /// When the last exchange ended, and how long after it the next check is due, as things stand.
    private let due = Mutex(Due())

    private struct Due {
        var ceiling = Timetable.watchFloor
        var running = false
        var ended = ContinuousClock.now
        var retried = ContinuousClock.now
        var watching: Duration = .zero
        var retry: Duration?
    }

    /// A timetable checking every `pullEvery`, and exchanging `saveSettles` after the last save.
    init(pullEvery: Duration, saveSettles: Duration) {
        self.pullEvery = pullEvery
        self.saveSettles = saveSettles
    }

    /// Checks within `ceiling` (``watchFloor`` after a change) while `isOpen` says a page is open
    /// (the web server's count of live pages), every `pullEvery` while none is.
    func watch(upTo ceiling: Duration, while isOpen: @escaping @Sendable () -> Bool) {
        due.withLock { due in
            due.ceiling = max(ceiling, Self.watchFloor)
            due.watching = Self.watchFloor
        }
        watched.withLock { $0 = isOpen }
    }

    /// Asks for a sync of `count` people; one asked while another waits replaces it.
    func requestSync(_ count: Int) {
        syncs.continuation.yield(count)
    }

    /// Asks for an exchange of the user's as soon as the one running, if any, ends.
    func requestExchange() {
        userAsked.store(true, ordering: .relaxed)
        exchanges.continuation.yield(.asked)
    }

    /// Asks for a check as soon as the one running, if any, ends (a page came into view).
    func checkNow() {
        exchanges.continuation.yield(.check)
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

    /// Runs `exchange` on start, when asked, soon after saves and whenever a check is due, one at
    /// a time, until the task is cancelled; how each went sets when the next check is due.
    func runExchanges(_ exchange: (Run) async -> Outcome) async {
        let clock = Task { [self] in
            while (try? await Task.sleep(for: Self.tick)) != nil {
                if isDue() { exchanges.continuation.yield(.check) }
            }
        }
        defer { clock.cancel() }
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
                exchanges.continuation.yield(.saved)
            }
        }
        defer { settled.cancel() }
        exchanges.continuation.yield(.saved)
        for await reason in exchanges.stream {
            let asked = userAsked.exchange(false, ordering: .relaxed)
            let retries = due.withLock { due in
                due.running = true
                let retries = asked || reason != .check || due.retried.duration(to: .now) >= pullEvery
                if retries { due.retried = .now }
                return retries
            }
            let outcome = await exchange(Run(isAsked: asked, retries: retries))
            ended(outcome)
        }
    }

    /// Whether a check is due now, as the last exchange left things.
    private func isDue() -> Bool {
        let isWatched = watched.withLock { $0 }()
        return due.withLock { due in
            guard !due.running else { return false }
            let wait = min(due.retry ?? .seconds(1_000_000), isWatched ? due.watching : pullEvery)
            return due.ended.duration(to: .now) >= wait
        }
    }

    /// Sets when the next check is due after an exchange that went `outcome`.
    private func ended(_ outcome: Outcome) {
        due.withLock { due in
            due.running = false
            due.ended = .now
            switch outcome {
            case .changed:
                due.watching = Self.watchFloor
                due.retry = nil
            case .idle:
                due.watching = min(due.watching * 2, due.ceiling)
                due.retry = nil
            case .failed:
                due.watching = min(due.watching * 2, due.ceiling)
                due.retry = min((due.retry ?? Self.retryFirst / 2) * 2, pullEvery)
            }
        }
    }
}
