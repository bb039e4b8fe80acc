import NIOConcurrencyHelpers

/// The hubs of the live addresses open now: the open pages of one address share one hub, made
/// when its first page opens and dropped when its last one closes.
final class LiveHubs: Sendable {
    private let hubs = NIOLockedValueBox<[String: LiveHub]>([:])
    private let heartbeat: Duration

    /// Hubs whose idle pages hear from them every `heartbeat`.
    init(heartbeat: Duration) {
        self.heartbeat = heartbeat
    }

    /// How many addresses have a page open.
    var count: Int { hubs.withLockedValue { $0.count } }

    /// The screen of `address`'s hub, if a page of it is open.
    func screen(at address: String) -> (any LiveScreen)? {
        hubs.withLockedValue { $0[address]?.screen }
    }

    /// Opens `output` as a page of `address`, on a hub for `screen` if no page of it is open.
    func open(_ address: String, _ output: LiveOutput, screen: any LiveScreen) {
        hubs.withLockedValue { hubs in
            let hub = hubs[address] ?? LiveHub(screen, heartbeat: heartbeat)
            hubs[address] = hub
            hub.open(output)
        }
    }

    /// Closes `output`, a page of `address`; the last page drops the hub.
    func close(_ address: String, _ output: LiveOutput) {
        hubs.withLockedValue { hubs in
            guard let hub = hubs[address] else { return }
            hub.close(output)
            if hub.count == 0 { hubs[address] = nil }
        }
    }
}
