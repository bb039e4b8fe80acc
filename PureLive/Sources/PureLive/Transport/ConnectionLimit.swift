import HummingbirdCore
import Logging

/// How many connections the server holds at once. At the limit it stops taking new ones until
/// one closes, and says so in the log, with the number, once per time it is reached. A quarter
/// of the limit is kept for requests under way: connections waiting for a request (their first,
/// or the next on a kept-alive connection) and live pages' sockets together hold no more than
/// the rest, the sockets no more than half (see ``WaitingConnections``), so neither idle
/// connections nor live pages can fill it, and a new connection always has room to send its
/// request.
struct ConnectionLimit: AvailableConnectionsDelegate {
    let maximum: Int
    let logger: Logger
    private var open = 0

    init(maximum: Int, logger: Logger) {
        self.maximum = maximum
        self.logger = logger
    }

    /// The most connections that may wait for a request, with the live sockets held, under a
    /// limit of `maximum`: all but a quarter.
    static func mostWaiting(under maximum: Int) -> Int {
        maximum - maximum / 4
    }

    /// The most live sockets that may be held under a limit of `maximum`: half.
    static func mostSockets(under maximum: Int) -> Int {
        maximum / 2
    }

    mutating func connectionOpened() {
        open += 1
        if open == maximum {
            logger.warning("\(open) connections open, the most allowed: new connections wait until one closes")
        }
    }

    mutating func connectionClosed() {
        if open == maximum {
            logger.notice("accepting connections again (\(open - 1) open)")
        }
        open -= 1
    }

    func isAcceptingNewConnections() -> Bool {
        open < maximum
    }
}
