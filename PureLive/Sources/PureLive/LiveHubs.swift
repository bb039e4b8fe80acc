import NIOConcurrencyHelpers

/// The hubs of the live addresses open now: the open pages of one address share one hub, made
/// when its first page opens and dropped when its last one closes. The requests and sockets of
/// one address share one screen too, from the moment one of them asks for it: a screen being
/// opened, or opened and held by a request being answered, a socket on its way to the hub or
/// the hub, serves every request and socket of the address that comes meanwhile, so a thousand
/// pages loading or reconnecting at once open their address once. A page's `GET` keeps its
/// screen a moment longer (``LiveLimits/screenKept``, ``LiveLimits/mostScreensKept`` at most),
/// for the page's socket, which comes just after it: a page that loads opens its address once,
/// not once for its `GET` and again for its socket. One task pings every open page each
/// heartbeat, whatever the number of addresses, while any is open.
final class LiveHubs: Sendable {
    private struct Addresses {
        var hubs: [String: (hub: LiveHub, screen: SharedScreen)] = [:]
        var screens: [String: Opening] = [:]
        /// The addresses whose screens are kept after a `GET`.
        var kept: [String] = []
        /// Whether a task lets the screens kept go as their time ends.
        var isSweeping = false
        /// The task that pings the open pages every heartbeat, while any is open.
        var beating: Task<Void, Never>?
    }

    /// An address's screen for its requests and sockets: being opened, opened and held (weakly,
    /// here) by some request, socket or its hub, or kept here after a `GET`, until a time.
    private enum Opening {
        case opening(Task<SharedScreen, any Error>)
        case opened(Weak)
        case kept(SharedScreen, until: ContinuousClock.Instant)
    }

    private struct Weak {
        weak var screen: SharedScreen?
    }

    /// What a socket finds for its address: a screen held, or one to wait for.
    private enum Found {
        case held(SharedScreen)
        case waiting(Task<SharedScreen, any Error>)
    }

    private let addresses = NIOLockedValueBox(Addresses())
    private let heartbeat: Duration
    private let counts: LiveCounts
    private let kept: Duration
    private let mostKept: Int

    /// Hubs whose idle pages hear from them every `heartbeat`, their watchers counted in `counts`;
    /// a `GET`'s screen is kept for `kept`, `mostKept` of them at most.
    init(heartbeat: Duration, counts: LiveCounts, kept: Duration, mostKept: Int) {
        self.heartbeat = heartbeat
        self.counts = counts
        self.kept = kept
        self.mostKept = mostKept
    }

    /// How many addresses have a page open.
    var count: Int { addresses.withLockedValue { $0.hubs.count } }

    /// How many addresses' screens are held for their sockets: opened and held by a socket or a
    /// hub, kept after a `GET`, or being opened.
    var heldScreens: Int {
        addresses.withLockedValue { addresses in
            addresses.screens.values.count { opening in
                if case .opened(let held) = opening { return held.screen != nil }
                return true
            }
        }
    }

    /// The screen for a request or socket of `address`: the one they share if some request,
    /// socket or hub holds it or it is being opened, else the one `open` makes now (an error it
    /// throws is every waiting one's).
    func screen(
        for address: String, open: @escaping @Sendable () async throws -> any LiveScreen
    ) async throws -> SharedScreen {
        let found: Found = addresses.withLockedValue { addresses in
            switch addresses.screens[address] {
            case .opening(let task): return .waiting(task)
            case .opened(let held):
                if let screen = held.screen { return .held(screen) }
            case .kept(let screen, _): return .held(screen)
            case nil: break
            }
            // The entries of screens no one holds any more go with the next one opened.
            addresses.screens = addresses.screens.filter {
                if case .opened(let held) = $0.value { return held.screen != nil }
                return true
            }
            let task = Task { SharedScreen(try await open()) }
            addresses.screens[address] = .opening(task)
            return .waiting(task)
        }
        let task: Task<SharedScreen, any Error>
        switch found {
        case .held(let screen): return screen
        case .waiting(let opening): task = opening
        }
        do {
            let screen = try await task.value
            addresses.withLockedValue { addresses in
                if case .opening(task) = addresses.screens[address] {
                    addresses.screens[address] = .opened(Weak(screen: screen))
                }
            }
            return screen
        } catch {
            addresses.withLockedValue { addresses in
                if case .opening(task) = addresses.screens[address] { addresses.screens[address] = nil }
            }
            throw error
        }
    }

    /// Keeps `screen`, which a `GET` of `address` was answered with, for the page's socket: for
    /// the time given at ``init(heartbeat:counts:kept:mostKept:)``, after which it is held as any
    /// other (by a socket or a hub, if any). Beyond `mostKept`, the one due first goes at once:
    /// each screen kept follows the state, so requests with no socket after them (a scriptless
    /// browser, a crawler) keep a few at most.
    func keep(_ screen: SharedScreen, at address: String) {
        let sweeps = addresses.withLockedValue { addresses -> Bool in
            if case .opening = addresses.screens[address] { return false }
            if !addresses.kept.contains(address) { addresses.kept.append(address) }
            addresses.screens[address] = .kept(screen, until: .now + kept)
            while addresses.kept.count > mostKept, let first = Self.due(addresses) {
                Self.letGo(first.address, in: &addresses)
            }
            defer { addresses.isSweeping = true }
            return !addresses.isSweeping
        }
        if sweeps { Task { await self.letKeptGo() } }
    }

    /// Lets each kept screen go when its time ends, until none is kept: one task, however many
    /// `GET`s, waking when the next is due.
    private func letKeptGo() async {
        var next: ContinuousClock.Instant? = .now + kept
        while let due = next {
            try? await Task.sleep(until: due, clock: .continuous)
            next = addresses.withLockedValue { addresses in
                while let first = Self.due(addresses), first.until <= .now {
                    Self.letGo(first.address, in: &addresses)
                }
                let next = Self.due(addresses)?.until
                addresses.isSweeping = next != nil
                return next
            }
        }
    }

    /// The kept screen due first, and when.
    private static func due(_ addresses: Addresses) -> (address: String, until: ContinuousClock.Instant)? {
        addresses.kept.compactMap { address -> (address: String, until: ContinuousClock.Instant)? in
            guard case .kept(_, let until) = addresses.screens[address] else { return nil }
            return (address, until)
        }.min { $0.until < $1.until }
    }

    /// Holds the screen kept for `address` as any other (weakly), and keeps it no more.
    private static func letGo(_ address: String, in addresses: inout Addresses) {
        addresses.kept.removeAll { $0 == address }
        if case .kept(let screen, _) = addresses.screens[address] {
            addresses.screens[address] = .opened(Weak(screen: screen))
        }
    }

    /// Opens `output` as a page of `address`, on a hub for `screen` if no page of it is open.
    func open(_ address: String, _ output: LiveOutput, screen: SharedScreen) {
        addresses.withLockedValue { addresses in
            let open = addresses.hubs[address] ?? (LiveHub(screen.screen, counts: counts), screen)
            addresses.hubs[address] = open
            open.hub.open(output)
            if addresses.beating == nil {
                addresses.beating = Task { [weak self, heartbeat] in
                    while (try? await Task.sleep(for: heartbeat)) != nil, let self { self.beat() }
                }
            }
        }
    }

    /// Pings the pages of every hub: one task and one timer for the server, not one per address.
    private func beat() {
        for hub in addresses.withLockedValue({ $0.hubs.values.map(\.hub) }) { hub.beat() }
    }

    /// Whether a task pings the open pages.
    var isBeating: Bool { addresses.withLockedValue { $0.beating != nil } }

    /// Closes `output`, a page of `address`; the last page drops the hub.
    func close(_ address: String, _ output: LiveOutput) {
        addresses.withLockedValue { addresses in
            guard let hub = addresses.hubs[address]?.hub else { return }
            hub.close(output)
            guard hub.count == 0 else { return }
            addresses.hubs[address] = nil
            // The last page of the last address: the heartbeat stops now, not at its next beat,
            // and never holds the hubs (it once held them 15 s past the last page's close).
            if addresses.hubs.isEmpty {
                addresses.beating?.cancel()
                addresses.beating = nil
            }
        }
    }
}

/// A screen the requests and sockets of one address share, held by each request while it is
/// answered, by each socket until its page is in the hub, and by the hub while a page of the
/// address is open.
final class SharedScreen: Sendable {
    let screen: any LiveScreen

    init(_ screen: any LiveScreen) {
        self.screen = screen
    }
}
