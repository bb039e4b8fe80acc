import Hummingbird
import Pure
import Testing

@testable import PureLive

/// A live page's socket that closes leaves nothing behind, over a real server and real
/// connections: browsers reconnect on every server restart and network change, so a server
/// that runs for months sees millions of them. Counted by what the engine holds (pages, hubs,
/// their watchers, the screens held for sockets) and by the objects alive (each socket's
/// context and output), never by the process's memory.
@Suite("Closed sockets", .serialized, .timeLimit(.minutes(5)))
struct ClosedSocketsTests {
    /// How many sockets open and close in each test.
    static let cycles = 5_000
    /// What other suites' sockets, open meanwhile in this process, may add to a count of
    /// objects alive; a leak adds one per cycle.
    static let othersOpen = 250

    /// What the engine holds and what is alive, as one row to compare.
    struct Held: Equatable, CustomStringConvertible {
        let pages: Int, hubs: Int, watchers: Int, screens: Int

        init(_ live: LiveEngine) {
            (pages, hubs, watchers, screens) = (
                live.openPages, live.openAddresses, live.runningWatchers, live.heldScreens
            )
        }

        init(pages: Int, hubs: Int, watchers: Int, screens: Int) {
            (self.pages, self.hubs, self.watchers, self.screens) = (pages, hubs, watchers, screens)
        }

        var description: String { "\(pages) pages, \(hubs) hubs, \(watchers) watchers, \(screens) screens" }
    }

    /// Waits, a moment at a time, for the engine to hold `expected` (a watcher stops just after
    /// its last page closes), and returns what it holds then.
    func settle(_ live: LiveEngine, to expected: Held) async throws -> Held {
        for _ in 0..<500 where Held(live) != expected {
            try await Task.sleep(for: .milliseconds(10))
        }
        return Held(live)
    }

    @Test(
        "5,000 sockets opened, read and closed, with and without a close frame, with and without a page left open",
        arguments: [false, true])
    func nothingKept(pageLeftOpen: Bool) async throws {
        let store = MutableStore(0)
        let live = LiveEngine()
        let router = Router()
        live.page("/", on: router) { _ in LiveParts(store: store.store, page: CountPage()) }
        try await withServer(live, router: router) { port in
            let contexts = LiveSocketContext.Socket.instances.alive
            let outputs = LiveOutput.instances.alive
            let left: Task<Bool, any Error>? =
                pageLeftOpen
                ? Task { try await RawConnection.visit("/", port: port, closing: false, staying: true) } : nil
            if pageLeftOpen {
                _ = try await settle(live, to: Held(pages: 1, hubs: 1, watchers: 1, screens: 1))
            }
            var upgraded = 0
            for cycle in 0..<Self.cycles {
                if try await RawConnection.visit("/", port: port, closing: cycle.isMultiple(of: 2)) { upgraded += 1 }
                if cycle.isMultiple(of: 100) { store.update { $0 += 1 } }
            }
            #expect(upgraded == Self.cycles)
            let open = pageLeftOpen ? 1 : 0
            let held = try await settle(live, to: Held(pages: open, hubs: open, watchers: open, screens: open))
            #expect(held == Held(pages: open, hubs: open, watchers: open, screens: open))
            #expect(
                LiveSocketContext.Socket.instances.alive - contexts < Self.othersOpen, "a socket's context outlived it")
            #expect(LiveOutput.instances.alive - outputs < Self.othersOpen, "a page's output outlived its socket")
            left?.cancel()
            _ = await left?.result
        }
    }
}
