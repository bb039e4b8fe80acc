import CardDAVFixtures
import Foundation
import PersonsGear
import Testing

/// The address book's client against real servers: Radicale and Xandikos, each on loopback.
@Suite("The CardDAV client, against real servers", .serialized, .timeLimit(.minutes(10)))
struct CardDAVClientTests {
    static func card(_ uid: String, _ name: String) -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(name)\r\nN:;\(name);;;\r\nEND:VCARD\r\n"
    }

    func withServer(
        _ kind: CardDAVServer.Kind, _ body: (CardDAVServer, CardDAVClient) async throws -> Void
    )
        async throws
    {
        let server = try await CardDAVServer.start(kind)
        defer { server.stop() }
        let account = try CardDAVAccount(address: server.address, user: server.user, password: server.password)
        try await body(server, CardDAVClient(account: account, timeout: .seconds(60)))
    }

    @Test(
        "a card created, read, changed on its ETag and deleted on its ETag; each change since a token",
        arguments: CardDAVServer.Kind.allCases)
    func lifecycle(_ kind: CardDAVServer.Kind) async throws {
        try await withServer(kind) { _, client in
            let start = try #require(try await client.changes(since: nil))
            #expect(start.changed.isEmpty && start.deleted.isEmpty)
            let etag = try await client.create(named: "p1.vcf", card: Self.card("p1", "Jane Roe"))
            await #expect(throws: CardDAVFailure.refused(.preconditionFailed)) {
                _ = try await client.create(named: "p1.vcf", card: Self.card("p1", "Jane Twice"))
            }
            let added = try #require(try await client.changes(since: start.token))
            let href = try #require(added.changed.first?.href)
            #expect(added.changed.count == 1 && href.hasSuffix("/p1.vcf"))
            let current = try #require(added.changed.first?.etag)
            if let etag { #expect(etag == current) }
            let read = try await client.cards([href])
            #expect(read.count == 1 && read.first?.text?.contains("FN:Jane Roe") == true)

            let changed = try await client.update(href, card: Self.card("p1", "Ada Roe"), etag: current)
            await #expect(throws: CardDAVFailure.refused(.preconditionFailed)) {
                _ = try await client.update(href, card: Self.card("p1", "Lost Edit"), etag: current)
            }
            let tags = try await client.tags()
            #expect(tags.map(\.href) == [href])
            if let changed { #expect(tags.first?.etag == changed) }
            await #expect(throws: CardDAVFailure.refused(.preconditionFailed)) {
                try await client.delete(href, etag: current)
            }
            try await client.delete(href, etag: try #require(tags.first?.etag))
            let gone = try #require(try await client.changes(since: added.token))
            #expect(gone.deleted == [href])
            #expect(try await client.tags().isEmpty)
        }
    }

    @Test("many cards are read in batches, each asked once", arguments: CardDAVServer.Kind.allCases)
    func batches(_ kind: CardDAVServer.Kind) async throws {
        try await withServer(kind) { _, client in
            for index in 0..<7 {
                _ = try await client.create(named: "c\(index).vcf", card: Self.card("c\(index)", "C \(index)"))
            }
            let tags = try await client.tags()
            #expect(tags.count == 7)
            let cards = try await client.cards(tags.map(\.href), batch: 3)
            #expect(Set(cards.map(\.href)) == Set(tags.map(\.href)))
            #expect(cards.allSatisfy { $0.text?.hasPrefix("BEGIN:VCARD") == true })
        }
    }

    @Test(
        "a token the server never gave is refused as a token, so the caller compares ETags instead",
        arguments: CardDAVServer.Kind.allCases)
    func badToken(_ kind: CardDAVServer.Kind) async throws {
        try await withServer(kind) { _, client in
            let refused = try await client.changes(since: "http://example.com/not-a-token")
            #expect(refused == nil)
            let afresh = try await client.changes(since: nil)
            #expect(afresh != nil)
        }
    }

    @Test("a wrong password, and no password, are refused as unauthorized")
    func unauthorized() async throws {
        let server = try await CardDAVServer.start(.radicale)
        defer { server.stop() }
        for password in ["wrong", nil] {
            let account = try CardDAVAccount(address: server.address, user: "ada", password: password)
            await #expect(throws: CardDAVFailure.refused(.unauthorized)) {
                _ = try await CardDAVClient(account: account).tags()
            }
        }
    }
}
