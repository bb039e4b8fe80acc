import NIOConcurrencyHelpers
import NIOCore

/// The connections that have not yet sent the headers of their first request, oldest first,
/// at most `most` of them: one more closes the one that has waited longest. So connections that
/// send nothing cannot fill the server's limit (see ``ConnectionLimit``). A connection is in it
/// from its start until ``HeadersTimeout`` sees its blank line, or it closes.
final class WaitingConnections: Sendable {
    private struct Waiting {
        var next = 0
        var channels: [Int: any Channel] = [:]
    }

    /// The most connections that may wait at once.
    let most: Int
    private let waiting = NIOLockedValueBox(Waiting())

    init(most: Int) {
        self.most = max(1, most)
    }

    /// How many connections are waiting.
    var count: Int { waiting.withLockedValue { $0.channels.count } }

    /// Adds `channel`, closing the connection that has waited longest if that makes one too
    /// many; returns its ticket, for ``remove(_:)``.
    func add(_ channel: any Channel) -> Int {
        let (ticket, oldest) = waiting.withLockedValue { waiting in
            defer { waiting.next += 1 }
            waiting.channels[waiting.next] = channel
            let oldest =
                waiting.channels.count > most
                ? waiting.channels.keys.min().flatMap { waiting.channels.removeValue(forKey: $0) } : nil
            return (waiting.next, oldest)
        }
        oldest?.close(promise: nil)
        return ticket
    }

    /// Removes the connection of `ticket`: it sent its headers, or closed.
    func remove(_ ticket: Int) {
        _ = waiting.withLockedValue { $0.channels.removeValue(forKey: ticket) }
    }
}
