import Foundation
import NIOConcurrencyHelpers
import PersonsGear
import Synchronization
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A server that answers one reply to every request, and counts them.
final class OneReplyTransport: HTTPTransport {
    let reply: HTTPReply?
    let requests = Atomic(0)

    init(_ reply: HTTPReply?) {
        self.reply = reply
    }

    func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPReply {
        requests.add(1, ordering: .relaxed)
        guard let reply else { throw HTTPFailure.timedOut }
        return reply
    }
}

/// A server that answers a multiget with the responses it holds for the addresses asked for,
/// read as the app's transport reads an answer: no further than the request's limit
/// (``HTTPFailure/tooLarge(limit:)`` past it), the octets read counted.
final class CardsTransport: HTTPTransport {
    let responses: [String: String]
    let requests = Atomic(0)
    /// The octets of answers read, in all.
    let octetsRead = Atomic(0)

    init(_ responses: [String: String]) {
        self.responses = responses
    }

    func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPReply {
        requests.add(1, ordering: .relaxed)
        let body = String(decoding: request.body ?? Data(), as: UTF8.self)
        let asked = body.components(separatedBy: "<d:href>").dropFirst().compactMap {
            $0.components(separatedBy: "</d:href>").first
        }
        let reply = CardDAVHostileTests.multistatus(asked.compactMap { responses[$0] }.joined())
        if let limit = request.largestAnswer, reply.body.count > limit {
            octetsRead.add(limit + 1, ordering: .relaxed)
            throw HTTPFailure.tooLarge(limit: limit)
        }
        octetsRead.add(reply.body.count, ordering: .relaxed)
        return reply
    }
}

@Suite("The CardDAV client: what a hostile or broken server sends")
struct CardDAVHostileTests {
    static let account = Result {
        try CardDAVAccount(address: "http://dav.example:8080/ada/book", user: "ada", password: "pw")
    }

    func client(_ reply: HTTPReply?) throws -> (CardDAVClient, OneReplyTransport) {
        let transport = OneReplyTransport(reply)
        return (CardDAVClient(account: try Self.account.get(), transport: transport), transport)
    }

    static func multistatus(_ responses: String, token: String = "t1") -> HTTPReply {
        HTTPReply(
            status: 207,
            body: Data(
                """
                <?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">\
                \(responses)<d:sync-token>\(token)</d:sync-token></d:multistatus>
                """.utf8))
    }

    static func response(_ href: String, etag: String = "\"e\"", card: String? = nil) -> String {
        "<d:response><d:href>\(href)</d:href><d:propstat><d:prop><d:getetag>\(etag)</d:getetag>"
            + (card.map { "<c:address-data>\($0)</c:address-data>" } ?? "")
            + "</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
    }

    @Test(
        "a card's own line ends come through the multistatus octet for octet, whatever XML does with line ends; markup's carriage returns are markup's"
    )
    func carriageReturnsKept() throws {
        let card = "BEGIN:VCARD\r\nVERSION:2.1\r\r\nFN:A\nUID:u\rX-A:b\r\nEND:VCARD\r\n"
        let body =
            "<?xml version=\"1.0\"?>\r\n<d:multistatus\r\n xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:carddav\">\r\n"
            + "<!-- a comment\r\n -->" + Self.response("/ada/book/a.vcf", card: card)
            + Self.response("/ada/book/b.vcf", card: "<![CDATA[BEGIN:VCARD\r\nEND:VCARD]]>")
            + "<d:sync-token>t</d:sync-token></d:multistatus>\r\n"
        let answer = try DAVMultistatus(parsing: Data(body.utf8))
        #expect(answer.items.first?.card == card)
        #expect(answer.items.last?.card?.hasPrefix("BEGIN:VCARD") == true, "a CDATA section is left to XML")
        #expect(answer.syncToken == "t")
    }

    @Test("the password is in no description of the account")
    func passwordHidden() throws {
        let account = try Self.account.get()
        #expect(!"\(account)".contains("pw") && !String(reflecting: account.description).contains("pw"))
        #expect("\(account)" == "http://dav.example:8080/ada/book/ as ada")
    }

    @Test(
        "an address book address that is not an http(s) collection is refused",
        arguments: [
            "ftp://dav.example/book/", "dav.example/book", "http:///book", "http://u:p@dav.example/book/",
            "http://dav.example/book/?q=1", "http://dav.example/book/#x", "",
        ])
    func badAddress(_ address: String) {
        #expect(throws: CardDAVFailure.invalidAddress(address)) { try CardDAVAccount(address: address) }
    }

    @Test(
        "an answer naming another host, or a path outside the address book, is refused whole, asked once",
        arguments: [
            "http://evil.example/ada/book/x.vcf", "https://dav.example:8080/ada/book/x.vcf",
            "http://dav.example:9090/ada/book/x.vcf", "/ada/other/x.vcf", "/ada/book/../other/x.vcf",
            "/ada/book/sub/x.vcf", "/ada/book/x.vcf?y", "//evil.example/ada/book/x.vcf", "/ada/book/a b.vcf",
        ])
    func outside(_ href: String) async throws {
        let (client, transport) = try client(Self.multistatus(Self.response(href)))
        await #expect(throws: CardDAVFailure.outside(href)) { _ = try await client.changes(since: nil) }
        await #expect(throws: CardDAVFailure.outside(href)) { _ = try await client.tags() }
        #expect(transport.requests.load(ordering: .relaxed) == 2)
    }

    @Test("a card of the collection, by path or by absolute address, is taken")
    func inside() async throws {
        let (client, _) = try client(
            Self.multistatus(
                Self.response("/ada/book/a.vcf") + Self.response("http://dav.example:8080/ada/book/b%20c.vcf")))
        let changes = try #require(try await client.changes(since: nil))
        #expect(changes.changed.map(\.href) == ["/ada/book/a.vcf", "/ada/book/b%20c.vcf"])
    }

    @Test(
        "malformed XML, or XML that is not a multistatus, is unreadable",
        arguments: [
            "<d:multistatus xmlns:d=\"DAV:\"><d:response>", "not xml at all", "<html><body>Login</body></html>",
            "<multistatus><response/></multistatus>",
            #"<?xml version="1.0"?><!DOCTYPE d [<!ENTITY e SYSTEM "file:///etc/passwd">]><d:multistatus xmlns:d="DAV:"><d:response><d:href>&e;</d:href></d:response></d:multistatus>"#,
        ])
    func unreadable(_ body: String) async throws {
        let (client, _) = try client(HTTPReply(status: 207, body: Data(body.utf8)))
        do {
            _ = try await client.tags()
            Issue.record("\(body) was read")
        } catch {
            guard case .unreadable = error else { return #expect(Bool(false), "\(error)") }
        }
    }

    @Test(
        "a 10 MB card and a card with a 5 MB photo are marked too large, not kept, and read no further than the limit; the others are read"
    )
    func largeCards() async throws {
        let huge = String(repeating: "A", count: 10 << 20)
        let photo =
            "BEGIN:VCARD\nVERSION:3.0\nUID:p\nPHOTO;ENCODING=b:" + String(repeating: "B", count: 5 << 20)
            + "\nEND:VCARD"
        let small = "BEGIN:VCARD\nVERSION:3.0\nUID:s\nFN:S\nEND:VCARD"
        let server = CardsTransport([
            "/ada/book/huge.vcf": Self.response("/ada/book/huge.vcf", card: huge),
            "/ada/book/photo.vcf": Self.response("/ada/book/photo.vcf", card: photo),
            "/ada/book/s.vcf": Self.response("/ada/book/s.vcf", card: small),
        ])
        let client = CardDAVClient(account: try Self.account.get(), transport: server)
        let cards = try await client.cards(["/ada/book/huge.vcf", "/ada/book/photo.vcf", "/ada/book/s.vcf"])
        #expect(cards.map(\.href) == ["/ada/book/huge.vcf", "/ada/book/photo.vcf", "/ada/book/s.vcf"])
        #expect(cards.map { $0.text == nil } == [true, true, false])
        #expect(cards.last?.text == small)
        #expect(server.requests.load(ordering: .relaxed) == 5, "the batch, then its halves, down to each card")
        let read = server.octetsRead.load(ordering: .relaxed)
        #expect(read < 5 * CardDAVClient.largestAnswer(cards: 3), "read no further than the limit: \(read) octets")
    }

    @Test(
        "cards come in as few multigets as their listed sizes allow: a thousand small ones in one, large ones by the megabyte"
    )
    func batchesBySize() async throws {
        let hrefs = (0..<2_500).map { "/ada/book/c\($0).vcf" }
        let server = CardsTransport(
            Dictionary(
                uniqueKeysWithValues: hrefs.map { href in
                    (href, Self.response(href, card: "BEGIN:VCARD\nVERSION:3.0\nUID:\(href)\nFN:C\nEND:VCARD"))
                }))
        let client = CardDAVClient(account: try Self.account.get(), transport: server)
        let small = Dictionary(uniqueKeysWithValues: hrefs.map { ($0, 300) })
        #expect(try await client.cards(hrefs, sizes: small).map(\.href) == hrefs)
        #expect(server.requests.load(ordering: .relaxed) == 3, "a thousand at a time")
        // Photos of 300 KiB: three to a megabyte.
        let large = Dictionary(uniqueKeysWithValues: hrefs.prefix(10).map { ($0, 300 << 10) })
        #expect(try await client.cards(Array(hrefs.prefix(10)), sizes: large).count == 10)
        #expect(server.requests.load(ordering: .relaxed) == 3 + 4)
        // No sizes listed (Radicale's changes give none): each counted as a card without a photo.
        #expect(try await client.cards(hrefs).count == 2_500)
        #expect(server.requests.load(ordering: .relaxed) == 3 + 4 + 3)
    }

    @Test(
        "each refusing status is named by its outcome; asked once, or the policy's attempts while the server is busy",
        arguments: [
            (401, HTTPOutcome.unauthorized), (403, .forbidden), (404, .notFound), (405, .notSupported),
            (409, .conflict), (412, .preconditionFailed), (413, .tooLarge), (423, .locked),
            (429, .tooManyRequests(retryAfter: nil)), (507, .insufficientStorage), (500, .serverError(status: 500)),
            (503, .serverError(status: 503)), (418, .refused(status: 418)),
        ])
    func statuses(_ status: Int, _ outcome: HTTPOutcome) async throws {
        let transport = OneReplyTransport(HTTPReply(status: status, body: Data()))
        let client = CardDAVClient(
            account: try Self.account.get(), transport: transport,
            retry: RetryPolicy(attempts: 3, firstDelay: .milliseconds(10)))
        await #expect(throws: CardDAVFailure.refused(outcome)) {
            _ = try await client.create(named: "p1.vcf", card: "BEGIN:VCARD\r\nEND:VCARD\r\n")
        }
        #expect(transport.requests.load(ordering: .relaxed) == (outcome.isBusy ? 3 : 1))
    }

    @Test("a redirect, to this host or another, is refused and not followed")
    func redirect() async throws {
        for location in ["http://evil.example/steal", "/ada/book/"] {
            let (client, transport) = try client(HTTPReply(status: 301, body: Data(), headers: ["location": location]))
            await #expect(throws: CardDAVFailure.refused(.redirected(to: location))) { _ = try await client.tags() }
            #expect(transport.requests.load(ordering: .relaxed) == 1)
        }
    }

    @Test("a server busy for a moment (423 while it writes, 503, 429) is asked again after the wait it asks for")
    func busyThenDone() async throws {
        final class Script: HTTPTransport {
            let replies = NIOLockedValueBox([
                HTTPReply(status: 423, body: Data(), retryAfter: .seconds(0)), HTTPReply(status: 503, body: Data()),
                HTTPReply(status: 429, body: Data(), retryAfter: .seconds(0)), HTTPReply(status: 201, body: Data()),
            ])
            let methods = NIOLockedValueBox<[HTTPRequest.Method]>([])
            func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPReply {
                methods.withLockedValue { $0.append(request.method) }
                return replies.withLockedValue { $0.removeFirst() }
            }
        }
        let script = Script()
        let client = CardDAVClient(
            account: try Self.account.get(), transport: script,
            retry: RetryPolicy(attempts: 4, firstDelay: .milliseconds(10)))
        _ = try await client.create(named: "p1.vcf", card: "x")
        #expect(script.methods.withLockedValue { $0 } == [.put, .put, .put, .put])
    }

    @Test("a server that stops answering times out, asked once")
    func silent() async throws {
        let (client, transport) = try client(nil)
        await #expect(throws: CardDAVFailure.timedOut) { _ = try await client.tags() }
        #expect(transport.requests.load(ordering: .relaxed) == 1)
    }

    @Test("a sync token with a combining mark after its `<` or `&` goes back escaped, in well-formed XML")
    func tokenWithCombiningMarks() async throws {
        final class Capture: HTTPTransport {
            let bodies = NIOLockedValueBox<[Data]>([])
            func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPReply {
                bodies.withLockedValue { $0.append(request.body ?? Data()) }
                return CardDAVHostileTests.multistatus("")
            }
        }
        let capture = Capture()
        let client = CardDAVClient(account: try Self.account.get(), transport: capture)
        // Each a single character to a search by character, which found nothing to escape.
        _ = try await client.changes(since: "t<\u{301}1&\u{301}>\u{301}")
        let body = try #require(capture.bodies.withLockedValue { $0.first })
        let escaped = "<d:sync-token>t&lt;\u{301}1&amp;\u{301}&gt;\u{301}</d:sync-token>"
        #expect(String(decoding: body, as: UTF8.self).contains(escaped))
        #expect(XMLParser(data: body).parse())
    }

    @Test("the account's credentials go with every request, as Basic authorization")
    func credentials() async throws {
        final class Capture: HTTPTransport {
            let seen = NIOLockedValueBox<[String]>([])
            func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPReply {
                seen.withLockedValue { $0 += request.headers.filter { $0.name == "Authorization" }.map(\.value) }
                return HTTPReply(status: 201, body: Data())
            }
        }
        let capture = Capture()
        let client = CardDAVClient(account: try Self.account.get(), transport: capture)
        _ = try await client.create(named: "p 1.vcf", card: "x")
        #expect(capture.seen.withLockedValue { $0 } == ["Basic " + Data("ada:pw".utf8).base64EncodedString()])
    }
}
