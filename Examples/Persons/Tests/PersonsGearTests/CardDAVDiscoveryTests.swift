import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import PersonsGear

/// A provider that keeps each account's address books on a partition host of its own, as iCloud
/// documents it: `contacts.icloud.com` answers the well-known address with a redirect to its root,
/// names the user's principal there, and the principal's `addressbook-home-set` is an absolute
/// address on `p42-contacts.icloud.com:443`. Every request is recorded with whether it carried
/// the credentials.
final class PartitionedProvider: HTTPTransport {
    /// The home set the principal names.
    let home: String
    /// Where the well-known address redirects.
    let wellKnown: String
    let requests = NIOLockedValueBox<[(url: String, method: String, depth: String?, authorized: Bool)]>([])

    init(home: String = "https://p42-contacts.icloud.com:443/123456789/carddav/", wellKnown: String = "/") {
        self.home = home
        self.wellKnown = wellKnown
    }

    func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPReply {
        let depth = request.headers.first { $0.name == "Depth" }?.value
        requests.withLockedValue {
            $0.append(
                (
                    request.url.absoluteString, request.method.rawValue, depth,
                    request.headers.contains { $0.name == "Authorization" }
                ))
        }
        let url = request.url.absoluteString
        switch (url, depth) {
        case ("https://contacts.icloud.com/.well-known/carddav", _):
            return HTTPReply(status: 301, body: Data(), headers: ["location": wellKnown])
        case ("https://contacts.icloud.com/", "0"):
            return Self.multistatus(
                #"<d:response><d:href>/</d:href><d:propstat><d:prop><d:current-user-principal><d:href>/123456789/principal/</d:href></d:current-user-principal></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"#
            )
        case ("https://contacts.icloud.com/123456789/principal/", "0"):
            return Self.multistatus(
                #"<d:response><d:href>/123456789/principal/</d:href><d:propstat><d:prop><c:addressbook-home-set><d:href>\#(home)</d:href></c:addressbook-home-set></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"#
            )
        case ("https://p42-contacts.icloud.com:443/123456789/carddav/", "1"):
            return Self.multistatus(
                #"<d:response><d:href>/123456789/carddav/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"#
                    + #"<d:response><d:href>/123456789/carddav/card/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/><c:addressbook/></d:resourcetype><d:displayname>card</d:displayname></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"#
            )
        case ("https://p42-contacts.icloud.com:443/123456789/carddav/card/", "1"):
            return Self.multistatus(
                #"<d:response><d:href>/123456789/carddav/card/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/><c:addressbook/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"#
                    + (1...3).map {
                        #"<d:response><d:href>/123456789/carddav/card/\#($0).vcf</d:href><d:propstat><d:prop><d:getetag>"\#($0)"</d:getetag><d:resourcetype/></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"#
                    }.joined())
        default:
            return HTTPReply(status: 404, body: Data())
        }
    }

    static func multistatus(_ responses: String) -> HTTPReply {
        HTTPReply(
            status: 207,
            body: Data(
                #"<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">\#(responses)</d:multistatus>"#
                    .utf8))
    }
}

@Suite("Finding the address books from the account")
struct CardDAVDiscoveryTests {
    func discovery(_ provider: PartitionedProvider) throws -> CardDAVDiscovery {
        let account = try CardDAVAccount(address: "https://contacts.icloud.com", user: "ada", password: "secret")
        return CardDAVDiscovery(client: CardDAVClient(account: account, transport: provider))
    }

    @Test(
        "iCloud's way: the well-known redirect, the principal, a home set on a partition host the server names, and the book there, counted"
    )
    func partition() async throws {
        let provider = PartitionedProvider()
        let found = try await discovery(provider).books()
        let book = "https://p42-contacts.icloud.com:443/123456789/carddav/card/"
        #expect(found.books.map(\.address.absoluteString) == [book])
        #expect(found.books.map(\.name) == ["card"] && found.books.map(\.cards) == [3])
        #expect(
            found.notes == [
                "The address books are on p42-contacts.icloud.com, which contacts.icloud.com named for this account."
            ])
        let requests = provider.requests.withLockedValue { $0 }
        #expect(requests.allSatisfy { $0.method == "PROPFIND" && $0.authorized })
        #expect(requests.first?.url == "https://contacts.icloud.com/.well-known/carddav")
    }

    @Test(
        "a home set on another provider's host is not followed, nor sent the credentials, and the notes say so",
        arguments: [
            "https://evil.example/123456789/carddav/", "http://p42-contacts.icloud.com/123456789/carddav/",
            "https://icloud.com.evil.example/x/",
        ])
    func foreignHome(home: String) async throws {
        let provider = PartitionedProvider(home: home)
        let found = try await discovery(provider).books()
        #expect(found.books.isEmpty)
        #expect(found.notes.count == 1 && found.notes[0].hasSuffix("not followed."), "\(found.notes)")
        let hosts = Set(provider.requests.withLockedValue { $0 }.compactMap { URL(string: $0.url)?.host })
        #expect(hosts == ["contacts.icloud.com"])
    }

    @Test("the same provider is the same host, or one under the domain its host is in, over the same scheme")
    func sameProvider() throws {
        let base = try #require(URL(string: "https://contacts.icloud.com/"))
        let same = [
            "https://contacts.icloud.com/x/", "https://p42-contacts.icloud.com:443/x/", "https://a.icloud.com/",
        ]
        let other = [
            "http://p42-contacts.icloud.com/", "https://icloud.com.evil.example/", "https://evilicloud.com/",
            "https://example.com/",
        ]
        for address in same { #expect(CardDAVDiscovery.isSameProvider(try #require(URL(string: address)), base)) }
        for address in other { #expect(!CardDAVDiscovery.isSameProvider(try #require(URL(string: address)), base)) }
        let short = try #require(URL(string: "https://example.com/"))
        #expect(!CardDAVDiscovery.isSameProvider(try #require(URL(string: "https://evil.com/")), short))
        let ip = try #require(URL(string: "https://10.0.0.1/"))
        #expect(!CardDAVDiscovery.isSameProvider(try #require(URL(string: "https://10.0.0.2/")), ip))
    }

    @Test(
        "a well-known address that redirects to another server, or round in a loop, is left after at most 5 requests, and the server's own root is asked instead",
        arguments: [
            "https://evil.example/dav/", "//evil.example/", "/.well-known/carddav", "http://contacts.icloud.com/",
        ]
    )
    func wellKnownGoesAstray(location: String) async throws {
        let provider = PartitionedProvider(wellKnown: location)
        let found = try await discovery(provider).books()
        #expect(found.books.map(\.name) == ["card"], "found from the root, as without a well-known address")
        let urls = provider.requests.withLockedValue { $0 }.map(\.url)
        #expect(urls.filter { $0.hasSuffix("/.well-known/carddav") }.count <= CardDAVDiscovery.mostRedirects)
        #expect(
            urls.allSatisfy { $0.hasPrefix("https://contacts.icloud.com/") || $0.hasPrefix("https://p42-") }, "\(urls)")
    }
}
