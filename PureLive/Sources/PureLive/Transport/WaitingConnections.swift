import NIOConcurrencyHelpers
import NIOCore

/// The connections that hold a place without a request under way, and the live pages' sockets:
/// together at most `most` of them, so that the rest of the server's connections are kept for
/// requests (see ``ConnectionLimit``), and the sockets at most `mostSockets`, so that the rest
/// is room for connections on their way to a request.
///
/// A connection waits from its start until its first request's headers have come (see
/// ``HeadersTimeout``), and again from the end of each response until the next request comes
/// (see ``IdleConnection``). One waiting too many closes the one that has waited longest: it has
/// nothing under way, and a client whose kept-alive connection closes asks again on a new one.
/// A live page's socket is held until its connection closes; one that would leave no room is
/// refused, and its page, which works without it, tries again later.
final class WaitingConnections: Sendable {
    private struct Held {
        var next = 0
        var waiting: [Int: any Channel] = [:]
        var sockets = 0

        /// The connection that has waited longest, taken out, if the held ones are more than `most`.
        mutating func oldest(beyond most: Int) -> (any Channel)? {
            guard waiting.count + sockets > most, let key = waiting.keys.min() else { return nil }
            return waiting.removeValue(forKey: key)
        }
    }

    /// The most connections that may wait and live sockets that may be held at once.
    let most: Int
    /// The most live sockets that may be held at once.
    let mostSockets: Int
    private let held = NIOLockedValueBox(Held())

    init(most: Int, mostSockets: Int) {
        self.most = max(1, most)
        self.mostSockets = min(mostSockets, self.most - 1)
    }

    /// How many connections are waiting.
    var count: Int { held.withLockedValue { $0.waiting.count } }

    /// How many live sockets are held.
    var sockets: Int { held.withLockedValue { $0.sockets } }

    /// Adds `channel`, closing the connection that has waited longest if that makes one too
    /// many; returns its ticket, for ``remove(_:)``.
    func add(_ channel: any Channel) -> Int {
        let (ticket, oldest) = held.withLockedValue { held in
            defer { held.next += 1 }
            held.waiting[held.next] = channel
            return (held.next, held.oldest(beyond: most))
        }
        oldest?.close(promise: nil)
        return ticket
    }

    /// Removes the connection of `ticket`: a request came, or it closed.
    func remove(_ ticket: Int) {
        _ = held.withLockedValue { $0.waiting.removeValue(forKey: ticket) }
    }

    /// Holds a place for the live socket of `channel` until it closes, closing the connection
    /// that has waited longest if that makes one too many; `false`, holding nothing, if
    /// `mostSockets` are held already.
    func holdSocket(of channel: any Channel) -> Bool {
        let (isHeld, oldest): (Bool, (any Channel)?) = held.withLockedValue { held in
            guard held.sockets < mostSockets else { return (false, nil) }
            held.sockets += 1
            return (true, held.oldest(beyond: most))
        }
        oldest?.close(promise: nil)
        if isHeld {
            channel.closeFuture.whenComplete { [held] _ in held.withLockedValue { $0.sockets -= 1 } }
        }
        return isHeld
    }
}
