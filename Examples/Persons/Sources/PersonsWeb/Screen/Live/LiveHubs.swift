import Synchronization

/// The hubs of one kind of screen shown for many subjects (a person's page, the inspector
/// filtered by a use case): the open pages of one subject share one hub, made when its first
/// page opens and dropped when its last one closes.
final class LiveHubs<Key: Hashable & Sendable, Screen: LiveScreen>: Sendable {
    private let hubs = Mutex<[Key: LiveHub<Screen>]>([:])

    /// How many subjects have a page open.
    var count: Int { hubs.withLock { $0.count } }

    /// Opens a page of `key`'s hub, made from `screen()` if no page of `key` is open. The screen
    /// is made outside the lock (it may read the database); if another page made the hub
    /// meanwhile, that one is used.
    func open(_ key: Key, screen: () async throws -> Screen) async rethrows -> (LiveHub<Screen>, LiveOutput) {
        if let opened = hubs.withLock({ hubs in hubs[key].map { ($0, $0.open()) } }) { return opened }
        let made = LiveHub(try await screen())
        return hubs.withLock { hubs in
            let hub = hubs[key] ?? made
            hubs[key] = hub
            return (hub, hub.open())
        }
    }

    /// Closes a page of `key`'s hub; the last page drops the hub.
    func close(_ key: Key, _ output: LiveOutput) {
        hubs.withLock { hubs in
            guard let hub = hubs[key] else { return }
            hub.close(output)
            if hub.count == 0 { hubs[key] = nil }
        }
    }
}
