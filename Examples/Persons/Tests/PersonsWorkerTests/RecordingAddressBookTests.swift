import CardDAVFixtures
import Persons
import PersonsTestSupport
import PersonsWorker
import Testing

/// The Raft's address book in memory answers as the real worker does against Radicale and
/// Xandikos, step by step: where they differ, the double is wrong.
@Suite("The recording address book keeps the servers' rules", .serialized, .timeLimit(.minutes(10)))
struct RecordingAddressBookTests {
    enum Book: String, CaseIterable, CustomStringConvertible {
        case recording, radicale, xandikos

        var description: String { rawValue }
    }

    func withBook(_ book: Book, _ body: (any AddressBookWork) async throws -> Void) async throws {
        guard let kind = CardDAVServer.Kind(rawValue: book.rawValue) else {
            return try await body(RecordingAddressBook())
        }
        let server = try await CardDAVServer.start(kind)
        defer { server.stop() }
        try await body(try AddressBookWorker(address: server.address, user: server.user, password: server.password))
    }

    @Test("writes on the ETag last agreed, and pulls from a token or, refused, by ETags", arguments: Book.allCases)
    func rules(_ kind: Book) async throws {
        try await withBook(kind) { book in
            // A card holds no photo: the directory's address stays here.
            var jane = Samples.people[0]
            jane.photo = nil
            let created = try await book.create(jane, returning: nil)
            await #expect(throws: Fizzle.cardChanged(jane.id)) { _ = try await book.create(jane, returning: nil) }
            let first = try await book.pull(since: nil, known: [:], duplicates: [:], unread: [])
            #expect(first.changed.map(\.person) == [jane] && first.deleted.isEmpty)
            let token = try #require(first.token)

            jane.email = "jane@home.example"
            let updated = try await book.update(jane, over: created)
            #expect(updated.etag != created.etag && book.person(in: updated) == jane)
            await #expect(throws: Fizzle.cardChanged(jane.id)) { _ = try await book.update(jane, over: created) }
            #expect(try await book.card(of: jane.id, at: nil)?.person == jane)
            let agreed = try await book.pull(since: token, known: [jane.id: updated], duplicates: [:], unread: [])
            #expect(agreed.changed.isEmpty && agreed.deleted.isEmpty, "a card as last agreed is not pulled again")
            let since = try await book.pull(since: token, known: [jane.id: created], duplicates: [:], unread: [])
            #expect(since.changed.map(\.person) == [jane])

            await #expect(throws: Fizzle.cardChanged(jane.id)) { try await book.delete(created, of: jane.id) }
            try await book.delete(updated, of: jane.id)
            try await book.delete(updated, of: jane.id)
            #expect(try await book.card(of: jane.id, at: nil) == nil)
            let gone = try await book.pull(since: token, known: [jane.id: updated], duplicates: [:], unread: [])
            #expect(gone.changed.isEmpty && gone.deleted == [jane.id])
            let refused = try await book.pull(
                since: "http://example.com/not-a-token", known: [jane.id: updated], duplicates: [:], unread: [])
            #expect(refused.changed.isEmpty && refused.deleted == [jane.id])
        }
    }
}
