import HummingbirdCore
import Logging

/// How many connections the server holds at once. At the limit it stops taking new ones until
/// one closes, and says so in the log, with the number, once per time it is reached. A quarter
/// of the limit is kept for connections that have sent a request: no more than the rest may
/// wait for their first request (see ``WaitingConnections``), so connections that send nothing
/// cannot fill it.
struct ConnectionLimit: AvailableConnectionsDelegate {
    let maximum: Int
    let logger: Logger
    private var open = 0

    init(maximum: Int, logger: Logger) {
        self.maximum = maximum
        self.logger = logger
    }

    /// The most connections that may wait for their first request under a limit of `maximum`.
    static func mostWaiting(under maximum: Int) -> Int {
        maximum - maximum / 4
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
