import Foundation

/// Where an address book is and who reads it: the collection's address (an http(s) URL, ending
/// in `/`), the user, and the password, which nothing prints: not the description, not the log.
///
/// ```swift
/// let account = try CardDAVAccount(address: "http://127.0.0.1:5232/ada/book", user: "ada", password: "secret")
/// account.collection.absoluteString   // "http://127.0.0.1:5232/ada/book/"
/// "\(account)"                        // "http://127.0.0.1:5232/ada/book/ as ada"
/// ```
public struct CardDAVAccount: Sendable, CustomStringConvertible {
    /// The address book collection, ending in `/`.
    public let collection: URL
    /// The user, if the server asks for one.
    public let user: String?
    /// The password; never printed.
    let password: String?

    /// Whether a password was given (it is never read out).
    public var hasPassword: Bool { password != nil }

    /// An account at `address`, or ``CardDAVFailure/invalidAddress(_:)`` for anything but an
    /// absolute http(s) URL with a host and no user, query or fragment of its own.
    public init(address: String, user: String? = nil, password: String? = nil) throws(CardDAVFailure) {
        guard var components = URLComponents(string: address), let scheme = components.scheme?.lowercased(),
            ["http", "https"].contains(scheme), components.host?.isEmpty == false, components.user == nil,
            components.password == nil, components.query == nil, components.fragment == nil
        else { throw .invalidAddress(address) }
        if !components.percentEncodedPath.hasSuffix("/") { components.percentEncodedPath += "/" }
        guard let url = components.url else { throw .invalidAddress(address) }
        collection = url
        self.user = user
        self.password = password
    }

    /// The same user and password at another collection, `address`: one the account's discovery
    /// found (``CardDAVDiscovery``), which decides which hosts may be sent them.
    public func moved(to address: String) throws(CardDAVFailure) -> CardDAVAccount {
        try CardDAVAccount(address: address, user: user, password: password)
    }

    /// The collection and the user; never the password.
    public var description: String { "\(collection.absoluteString) as \(user ?? "nobody")" }

    /// The `Authorization` header for the user and password, if both are given.
    var authorization: (name: String, value: String)? {
        guard let user, let password else { return nil }
        return ("Authorization", "Basic " + Data("\(user):\(password)".utf8).base64EncodedString())
    }
}
