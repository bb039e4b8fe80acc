import CardDAVFixtures
import Foundation
import Persons
import PersonsGear
import Testing

@testable import PersonsWorker

/// Cards another client wrote (`Tests/Cards`), through real servers: what the app writes back
/// over them changes only what the user changed.
// Not serialized: each test starts servers of its own, and the two servers' runs go side by side.
@Suite("Cards other clients wrote, edited here, on real servers", .timeLimit(.minutes(10)))
struct CardRoundTripTests {
    @Test(
        "each field edited here changes its lines and no other: on Xandikos, the card's own bytes; on Radicale, the card as it stored it",
        arguments: CardDAVServer.Kind.allCases)
    func eachFieldOfEachCard(_ kind: CardDAVServer.Kind) async throws {
        let server = try await CardDAVServer.start(kind)
        defer { server.stop() }
        let account = try CardDAVAccount(address: server.address, user: server.user, password: server.password)
        let client = CardDAVClient(account: account, timeout: .seconds(60))
        let book = try AddressBookWorker(address: server.address, user: server.user, password: server.password)
        var edited = 0
        for name in CardCorpus.names {
            let sent = try CardCorpus.text(name)
            // A card the server refuses (as 2.1 cards with a base64 photo can be) is read and
            // edited without it (CardCorpusTests).
            guard (try? await client.create(named: name, card: sent)) != nil else { continue }
            let href = client.href(named: name)
            let original = try await server.bytes(at: href)
            if kind == .xandikos { #expect(original == sent, "\(name): Xandikos keeps the card as sent") }
            var (_, card) = try #require(try await book.card(of: "?", at: href), "\(name)")
            #expect(card.text == original, "\(name): read octet for octet, line ends and all")
            // Each field in turn, over the card as the edit before left it.
            for field in PersonField.allCases {
                let before = try #require(book.person(in: card))
                let after = CardCorpus.edited(before, field)
                let written = try await book.update(after, over: card)
                let text = try await server.bytes(at: href)
                if kind == .xandikos { #expect(text == written.text, "\(name) \(field): what the app sent") }
                #expect(book.person(in: AddressCard(href: href, etag: nil, text: text)) == after, "\(name) \(field)")
                #expect(
                    try CardCorpus.otherLines(of: text, than: field)
                        == CardCorpus.otherLines(of: card.text, than: field),
                    "\(name) \(field): every other line as it was")
                card = AddressCard(href: href, etag: written.etag, text: text)
                edited += 1
            }
            try await client.delete(href, etag: try #require(card.etag))
        }
        #expect(edited >= 40 * PersonField.allCases.count, "\(edited) edits on \(kind)")
    }

    @Test(
        "on Radicale, which folds a card again wherever 75 octets fall: a name of letters and accents, and emoji, come back whole"
    )
    func refoldedByRadicale() async throws {
        let server = try await CardDAVServer.start(.radicale)
        defer { server.stop() }
        let book = try AddressBookWorker(address: server.address, user: server.user, password: server.password)
        let name = "Nguyễn Thị Minh Khai Trần Hưng Đạo Lê Thánh Tông Phạm Ngũ Lão".decomposedStringWithCanonicalMapping
        let person = Person.sample(
            id: "nfd-1", name: name, nameParts: nil, username: "👩🏽‍💻👨‍👩‍👧‍👦🏳️‍🌈🇻🇳", gender: .female, email: "khai@example.vn",
            age: 41, country: "VN", cellphone: "+84 90 123 45 67", photo: nil)
        let created = try await book.create(person, returning: nil)
        let read = try #require(try await book.card(of: person.id, at: created.href))
        #expect(read.person == person)
        #expect(try await server.bytes(at: created.href).contains("\r\n "), "Radicale folded it")
    }
}
