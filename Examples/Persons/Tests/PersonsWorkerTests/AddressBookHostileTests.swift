import Foundation
import NIOConcurrencyHelpers
import Persons
import PersonsGear
import Testing

@testable import PersonsWorker

/// A server that answers each sync report with the next of `listings` (the last one again when
/// they run out), and each multiget with the card asked for: a server that misbehaves once, then
/// behaves.
final class ListingTransport: HTTPTransport {
    private let listings: NIOLockedValueBox<[String]>
    let card: String

    init(_ listings: [String], card: String) {
        self.listings = NIOLockedValueBox(listings)
        self.card = card
    }

    func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPReply {
        let body = String(decoding: request.body ?? Data(), as: UTF8.self)
        let answer: String
        if body.contains("sync-collection") {
            answer = listings.withLockedValue { $0.count > 1 ? $0.removeFirst() : $0[0] }
        } else {
            answer = """
                <d:response><d:href>/book/p1.vcf</d:href><d:propstat><d:prop><d:getetag>"2"</d:getetag>\
                <c:address-data>\(card)</c:address-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>\
                </d:response>
                """
        }
        return HTTPReply(
            status: 207,
            body: Data(
                """
                <?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">\
                \(answer)</d:multistatus>
                """.utf8))
    }
}

@Suite("The address book worker: a server that misbehaves once leaves nothing behind")
struct AddressBookHostileTests {
    static func changed(etag: String, token: String) -> String {
        """
        <d:response><d:href>/book/p1.vcf</d:href><d:propstat><d:prop><d:getetag>\(etag)</d:getetag>\
        </d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response><d:sync-token>\(token)</d:sync-token>
        """
    }

    static let card = "BEGIN:VCARD&#13;\nVERSION:3.0&#13;\nUID:p1&#13;\nFN:Jane Twice&#13;\nEND:VCARD&#13;\n"

    @Test("an ETag with a line break is refused where it comes in: the card is left out, and taken once it behaves")
    func lineBreakInETag() async throws {
        let transport = ListingTransport(
            [Self.changed(etag: "\"a&#13;&#10;b\"", token: "t2"), Self.changed(etag: "\"2\"", token: "t3")],
            card: Self.card)
        let book = try AddressBookWorker(
            address: "http://dav.example/book/", user: nil, password: nil, transport: transport)
        let first = try await book.pull(since: "t1", known: [:], duplicates: [:], unread: [])
        #expect(first.changed.isEmpty && first.skipped[SkippedRecords.Reason.unusableTag] == 1 && first.token == "t2")
        let second = try await book.pull(since: "t2", known: [:], duplicates: [:], unread: [])
        #expect(second.changed.map(\.card.etag) == ["\"2\""] && second.changed.first?.person.name == "Jane Twice")
        #expect(second.skipped.total == 0 && second.token == "t3")
    }

    @Test("a sync token with a line break is not kept: the next pull asks for everything")
    func lineBreakInToken() async throws {
        let transport = ListingTransport([Self.changed(etag: "\"2\"", token: "t&#13;&#10;2")], card: Self.card)
        let book = try AddressBookWorker(
            address: "http://dav.example/book/", user: nil, password: nil, transport: transport)
        let pull = try await book.pull(since: "t1", known: [:], duplicates: [:], unread: [])
        #expect(pull.token == nil && pull.changed.count == 1)
    }

    @Test(
        "what HTTP can carry, as an ETag or a token",
        arguments: [
            ("\"8a94\"", true), ("W/\"8a94\"", true), ("http://radicale.org/ns/sync/7f3c", true),
            ("\"a\r\nb\"", false), ("\"a\u{0}b\"", false), ("\"é\"", false),
            (String(repeating: "a", count: 1_025), false),
        ])
    func carriable(_ text: String, _ isCarriable: Bool) {
        #expect(DAVMultistatus.isCarriable(text) == isCarriable)
    }
}
