import Foundation

/// The address books of an account, found from its server's address as DAVx5, Thunderbird and
/// Apple Contacts find them: RFC 6764's well-known address (`/.well-known/carddav`, its redirect
/// followed), then the user's principal (`current-user-principal`, RFC 5397), then where its
/// address books are (`addressbook-home-set`, RFC 6352 §7.1.1), then the address books there,
/// each with how many cards it holds. An address the server names on another host is followed
/// only when that host is of the same provider (iCloud's `p42-contacts.icloud.com` for
/// `contacts.icloud.com`), and the discovery says so in its notes; the credentials go nowhere
/// else. DNS SRV and TXT records (RFC 6764 §3) are not looked up: give the server's address.
///
/// ```swift
/// let account = try CardDAVAccount(address: "http://127.0.0.1:5232", user: "ada", password: "secret")
/// let found = try await CardDAVDiscovery(client: CardDAVClient(account: account)).books()
/// found.books.map(\.address.absoluteString)   // ["http://127.0.0.1:5232/ada/contacts/"]
/// ```
public struct CardDAVDiscovery: Sendable {
    /// An address book found: its address, its name if it has one, and how many cards it holds.
    public struct Book: Equatable, Sendable {
        /// The collection's address, ending in `/`.
        public let address: URL
        /// Its `displayname`, if it has one.
        public let name: String?
        /// How many cards it holds.
        public let cards: Int
    }

    /// What the discovery found: the address books, and what the user should know of the way
    /// there (a home set on another host of the provider, an address not followed).
    public struct Found: Equatable, Sendable {
        /// The address books, in the order the server listed them.
        public let books: [Book]
        /// What the user should know, one sentence each.
        public let notes: [String]
    }

    /// The most redirects the well-known address is followed through.
    static let mostRedirects = 5

    private let server: URL
    private let client: CardDAVClient

    /// A discovery from the address of `client`'s account (the server's root, or any address of
    /// it), asking with its credentials.
    public init(client: CardDAVClient) {
        server = client.account.collection
        self.client = client
    }

    /// Finds the account's address books; a server that answers none of the steps, but is itself
    /// an address book, is the one found.
    public func books() async throws(CardDAVFailure) -> Found {
        var notes: [String] = []
        let context = try await wellKnownContext() ?? server
        let principal = try await principal(at: context) ?? context
        var homes: [URL] = []
        let named =
            try await client.properties(of: principal, depth: "0", props: "<c:addressbook-home-set/>")
            .items.first?.homeSets ?? []
        for href in named {
            guard let home = URL(string: href, relativeTo: principal)?.absoluteURL else { continue }
            if Self.isSameServer(home, principal) {
                homes.append(home)
            } else if Self.isSameProvider(home, principal) {
                notes.append(
                    "The address books are on \(home.host ?? ""), which \(principal.host ?? "") named for this account."
                )
                homes.append(home)
            } else {
                notes.append("\(principal.host ?? "") named \(home.host ?? "") for the address books: not followed.")
            }
        }
        var books: [Book] = []
        // A server that names no home keeps the books under the principal.
        for home in named.isEmpty ? [principal] : homes {
            books += try await addressBooks(in: home)
        }
        if books.isEmpty, let given = try await book(at: server) { books = [given] }
        return Found(books: books, notes: notes)
    }

    /// Where the well-known address leads on this server (RFC 6764 §5), or `nil` when it leads
    /// nowhere: not there, or a redirect to another server.
    private func wellKnownContext() async throws(CardDAVFailure) -> URL? {
        guard var url = URL(string: "/.well-known/carddav", relativeTo: server)?.absoluteURL else { return nil }
        for _ in 0..<Self.mostRedirects {
            let reply = try await client.reply(propfinding: url, props: "<d:current-user-principal/>")
            switch reply.status {
            case 207:
                return url
            case 301, 302, 303, 307, 308:
                guard let location = reply.headers["location"],
                    let next = URL(string: location, relativeTo: url)?.absoluteURL, Self.isSameServer(next, server)
                else { return nil }
                url = next
            default:
                return nil
            }
        }
        return nil
    }

    /// The user's principal as `context` names it, if on the same server.
    private func principal(at context: URL) async throws(CardDAVFailure) -> URL? {
        let answer = try await client.properties(of: context, depth: "0", props: "<d:current-user-principal/>")
        guard let href = answer.items.first(where: { $0.principal != nil })?.principal,
            let principal = URL(string: href, relativeTo: context)?.absoluteURL, Self.isSameServer(principal, context)
        else { return nil }
        return principal
    }

    /// The address books `home` holds (a `PROPFIND` of depth 1), each counted.
    private func addressBooks(in home: URL) async throws(CardDAVFailure) -> [Book] {
        let answer = try await client.properties(of: home, depth: "1", props: "<d:resourcetype/><d:displayname/>")
        var books: [Book] = []
        for item in answer.items where item.isAddressBook {
            guard let address = URL(string: item.href, relativeTo: home)?.absoluteURL, Self.isSameServer(address, home)
            else { continue }
            books.append(try await counted(address, name: item.displayName))
        }
        return books
    }

    /// The address book at `url`, if it is one.
    private func book(at url: URL) async throws(CardDAVFailure) -> Book? {
        let answer = try? await client.properties(of: url, depth: "0", props: "<d:resourcetype/><d:displayname/>")
        guard let item = answer?.items.first, item.isAddressBook else { return nil }
        return try await counted(url, name: item.displayName)
    }

    /// The book at `address`, with how many cards it holds (its members that are not collections).
    private func counted(_ address: URL, name: String?) async throws(CardDAVFailure) -> Book {
        let collection =
            address.path(percentEncoded: true).hasSuffix("/") ? address : address.appendingPathComponent("")
        let members = try await client.properties(of: collection, depth: "1", props: "<d:resourcetype/><d:getetag/>")
        let own = collection.path(percentEncoded: true)
        let cards = members.items.count { item in
            !item.isCollection
                && URL(string: item.href, relativeTo: collection)?.absoluteURL.path(percentEncoded: true) != own
        }
        return Book(address: collection, name: name.flatMap { $0.isEmpty ? nil : $0 }, cards: cards)
    }

    /// Whether `url` is on the same server as `base`: scheme, host and port.
    static func isSameServer(_ url: URL, _ base: URL) -> Bool {
        url.scheme?.lowercased() == base.scheme?.lowercased() && url.host?.lowercased() == base.host?.lowercased()
            && url.port == base.port
    }

    /// Whether `url` is on a host of the same provider as `base`'s, over the same scheme: the same
    /// host, or one under the domain `base`'s host is in, when that domain has two labels or more
    /// (`p42-contacts.icloud.com` under `icloud.com`, for `contacts.icloud.com`). An IP address
    /// is its own provider.
    static func isSameProvider(_ url: URL, _ base: URL) -> Bool {
        guard url.scheme?.lowercased() == base.scheme?.lowercased(), let host = url.host?.lowercased(),
            let baseHost = base.host?.lowercased()
        else { return false }
        if host == baseHost { return true }
        let labels = baseHost.split(separator: ".")
        guard labels.count >= 3, !labels.allSatisfy({ $0.allSatisfy(\.isNumber) }) else { return false }
        return host.hasSuffix("." + labels.dropFirst().joined(separator: "."))
    }
}
