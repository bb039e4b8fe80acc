import CardDAVFixtures
import Foundation
import GRDB
import Persons
import PersonsGear
import PersonsTestSupport
import PersonsWorker
import Testing

@testable import PersonsVessel

/// Every card of `Tests/Cards` (the shapes real clients export) put on a real server by another
/// client, then kept in step by the app's own exchange: each is imported once, shows what a
/// person reading it sees, goes back untouched by exchanges with nothing to send, and comes back
/// byte for byte at its address when its person is deleted here and brought back.
@Suite("Cards real clients write, through the exchange, on real servers", .serialized, .timeLimit(.minutes(10)))
struct CardCorpusExchangeTests {
    /// A server holding every card of the corpus it accepts, the app linked with nothing yet,
    /// and the cards the server refused, by name.
    struct Setup {
        let server: CardDAVServer
        let vessel: Vessel
        let db: PersonDBWorker
        let other: CardDAVClient
        /// The cards the server took, by file name: their address there.
        let accepted: [String: String]
        let refused: [String]

        /// Every card's text on the server, by address, as the server serves it (a `GET`).
        func bytes() async throws -> [String: String] {
            var bytes: [String: String] = [:]
            for href in accepted.values { bytes[href] = try await server.bytes(at: href) }
            return bytes
        }
    }

    func withSetup(_ kind: CardDAVServer.Kind, _ body: (Setup) async throws -> Void) async throws {
        let server = try await CardDAVServer.start(kind)
        defer { server.stop() }
        let account = try CardDAVAccount(address: server.address, user: server.user, password: server.password)
        let other = CardDAVClient(account: account)
        var accepted: [String: String] = [:]
        var refused: [String] = []
        for name in CardFiles.names {
            do {
                _ = try await other.create(named: name, card: try CardFiles.text(name))
                accepted[name] = other.href(named: name)
            } catch {
                refused.append(name)
            }
        }
        let db = try PersonDBWorker(database: try DatabaseQueue())
        let book = try AddressBookWorker(address: server.address, user: server.user, password: server.password)
        let vessel = Vessel(db: db, photos: RecordingPhotos(), web: { RecordingWeb() }, addressBook: book)
        try await body(
            Setup(server: server, vessel: vessel, db: db, other: other, accepted: accepted, refused: refused))
    }

    /// The id of the person each accepted card holds, by file name.
    static func ids(_ setup: Setup) throws -> [String: Person.ID] {
        try setup.accepted.keys.reduce(into: [:]) { ids, name in
            let text = try CardFiles.text(name)
            ids[name] = try VCard(parsing: text).text("UID").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    @Test(
        "every card the server takes is imported once, shows what it holds, and idle exchanges change nothing there",
        arguments: CardDAVServer.Kind.allCases)
    func imported(_ kind: CardDAVServer.Kind) async throws {
        try await withSetup(kind) { setup in
            #expect(setup.accepted.count >= 40, "\(kind) refused \(setup.refused)")
            let report = try await setup.vessel.syncAddressBookAction()
            #expect(report == "Sent 0 changes; received \(setup.accepted.count).", "nothing left out, nothing twice")
            #expect(try await setup.db.countPersons() == setup.accepted.count)
            for (name, id) in try Self.ids(setup) {
                let person = try await setup.db.readPerson(id: id)
                let expected = try #require(CardFiles.expected[name])
                let year = Calendar(identifier: .gregorian).component(.year, from: Date())
                let changed = kind == .radicale ? CardFiles.changedByRadicale[name] ?? [] : []
                let differences = expected.differences(from: person, year: year).filter { difference in
                    !changed.contains { difference.hasPrefix($0 + ":") }
                }
                #expect(differences == [], "\(kind) \(name)")
            }
            let before = try await setup.bytes()
            for _ in 0..<2 {
                #expect(try await setup.vessel.syncAddressBookAction() == "Sent 0 changes; received 0.")
            }
            #expect(try await setup.bytes() == before, "an exchange with nothing to send writes nothing")
        }
    }

    @Test(
        "a person deleted here and brought back comes back as their card was, byte for byte, at its address",
        arguments: CardDAVServer.Kind.allCases)
    func restoredWhole(_ kind: CardDAVServer.Kind) async throws {
        try await withSetup(kind) { setup in
            _ = try await setup.vessel.syncAddressBookAction()
            let before = try await setup.bytes()
            let ids = try Self.ids(setup)
            for id in ids.values { _ = try await setup.vessel.deletePersonAction(id) }
            _ = try await setup.vessel.syncAddressBookAction()
            #expect(try await setup.other.tags().isEmpty, "every card deleted there")
            for id in ids.values { _ = try await setup.vessel.restorePersonAction(id) }
            let report = try await setup.vessel.syncAddressBookAction()
            #expect(report == "Sent \(ids.count) changes; received 0.")
            let after = try await setup.bytes()
            for (name, href) in setup.accepted.sorted(by: { $0.key < $1.key }) {
                #expect(after[href] == before[href], "\(kind) \(name): the same bytes at the same address")
            }
            #expect(try await setup.vessel.syncAddressBookAction() == "Sent 0 changes; received 0.")
        }
    }
}
