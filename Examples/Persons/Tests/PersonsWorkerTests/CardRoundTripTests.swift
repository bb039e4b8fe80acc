import CardDAVFixtures
import Foundation
import Persons
import PersonsGear
import Testing

@testable import PersonsWorker

/// Cards another client wrote (`Tests/Cards`), through real servers: what the app writes back
/// over them changes only what the user changed.
@Suite("Cards other clients wrote, edited here, on real servers", .serialized, .timeLimit(.minutes(10)))
struct CardRoundTripTests {
    @Test(
        "on Xandikos, which keeps a card's bytes as sent: each field edited here changes its lines, no other"
    )
    func eachFieldOfEachCard() async throws {
        let server = try await CardDAVServer.start(.xandikos)
        defer { server.stop() }
        let account = try CardDAVAccount(address: server.address, user: server.user, password: server.password)
        let client = CardDAVClient(account: account, timeout: .seconds(60))
        let book = try AddressBookWorker(address: server.address, user: server.user, password: server.password)
        for name in CardCorpus.names {
            let original = CardCorpus.crlf(try CardCorpus.text(name))
            for field in PersonField.allCases {
                let file = "\(name.dropLast(4))-\(field.rawValue).vcf"
                _ = try await client.create(named: file, card: original)
                let href = client.href(named: file)
                #expect(try await server.bytes(at: href) == original, "\(name): Xandikos keeps the card as sent")
                let (before, card) = try #require(try await book.card(of: "?", at: href), "\(name)")
                let after = CardCorpus.edited(before, field)
                let written = try await book.update(after, over: card)
                let text = try await server.bytes(at: href)
                #expect(text == written.text, "\(name) \(field): what the app sent")
                #expect(book.person(in: written) == after, "\(name) \(field): the edit reads back")
                #expect(
                    try CardCorpus.otherLines(of: text, than: field)
                        == CardCorpus.otherLines(of: original, than: field),
                    "\(name) \(field): every other line as it came")
                try await client.delete(href, etag: try #require(written.etag))
            }
        }
    }

    @Test(
        "on Radicale, which folds a card again wherever 75 octets fall: a name of letters and accents, and emoji, come back whole"
    )
    func refoldedByRadicale() async throws {
        let server = try await CardDAVServer.start(.radicale)
        defer { server.stop() }
        let book = try AddressBookWorker(address: server.address, user: server.user, password: server.password)
        let name = "Nguyễn Thị Minh Khai Trần Hưng Đạo Lê Thánh Tông Phạm Ngũ Lão".decomposedStringWithCanonicalMapping
        let person = Person(
            id: "nfd-1", name: name, username: "👩🏽‍💻👨‍👩‍👧‍👦🏳️‍🌈🇻🇳", gender: .female, email: "khai@example.vn", age: 41,
            country: "VN", cellphone: "+84 90 123 45 67")
        let created = try await book.create(person)
        let read = try #require(try await book.card(of: person.id, at: created.href))
        #expect(read.person == person)
        #expect(try await server.bytes(at: created.href).contains("\r\n "), "Radicale folded it")
    }
}
