/// Why a request to the address book did not do what it asked, as the network service read it:
/// the workers above make the user's message of it.
public enum CardDAVFailure: Error, Equatable, Sendable {
    /// The address book's address is not an absolute http(s) URL.
    case invalidAddress(String)
    /// No answer: the server could not be reached (the detail, for the log).
    case unreachable(String)
    /// No answer in time.
    case timedOut
    /// The server answered, and its status says why not (never a success).
    case refused(HTTPOutcome)
    /// The answer cannot be read (not a multistatus, malformed XML: the detail, for the log).
    case unreadable(String)
    /// The answer names an address outside the address book (another host, another path).
    case outside(String)
}
