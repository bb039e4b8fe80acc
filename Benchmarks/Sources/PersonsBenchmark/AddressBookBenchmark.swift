import BenchmarkSupport
import CardDAVFixtures
import Foundation
import GRDB
import Persons
import PersonsGear
import PersonsVessel
import PersonsWorker
import Synchronization

/// The address book against a real Radicale on loopback: the first push of N people (requests,
/// seconds, and the most requests in flight at once: the exchange pushes one at a time), a pull
/// of 10 cards another client changed among the N, and a pull when nothing changed.
struct AddressBookBenchmark {
    let count: Int

    /// A pull of 10 changes: at most this many requests (the report, then one multiget).
    static let pullRequestLimit = 3.0
    /// A pull of 10 changes within this many milliseconds.
    static let pullLimit = 200.0

    /// A transport that counts the requests it sends, and the most in flight at once.
    final class Counting: HTTPTransport {
        let base = AsyncHTTPTransport(client: AsyncHTTPTransport.unredirected)
        let sent = Atomic(0)
        let inFlight = Atomic(0)
        let mostInFlight = Atomic(0)

        func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPReply {
            sent.add(1, ordering: .relaxed)
            let now = inFlight.add(1, ordering: .relaxed).newValue
            mostInFlight.max(now, ordering: .relaxed)
            defer { inFlight.subtract(1, ordering: .relaxed) }
            return try await base.send(request, timeout: timeout)
        }

        /// The requests sent since `mark`, and a new mark.
        func since(_ mark: inout Int) -> Int {
            let now = sent.load(ordering: .relaxed)
            defer { mark = now }
            return now - mark
        }
    }

    func run() async throws -> (table: String, targets: Targets) {
        let server = try await CardDAVServer.start(.radicale)
        defer { server.stop() }
        let db = try PersonDBWorker(database: DatabaseQueue())
        let people = (0..<count).map { index in
            Person(
                id: "bench-\(index)", name: "Person \(index)", username: "p\(index)", gender: .unknown,
                email: "p\(index)@example.com", age: index % 90, country: "KR")
        }
        try await db.savePersons(people) { _ in }
        let transport = Counting()
        let book = try AddressBookWorker(
            address: server.address, user: server.user, password: server.password, transport: transport)
        let photos = PhotoFolder(besideDatabaseAt: server.folder.appendingPathComponent("persons.sqlite").path)
        let vessel = Vessel(
            db: db, photos: photos, web: { () throws(Fizzle) -> any PersonWebWork in throw .noInternet },
            addressBook: book)
        var mark = 0

        let (firstReport, first) = try await seconds { try await vessel.syncAddressBookAction() }
        let firstRequests = transport.since(&mark)
        let mostInFlight = transport.mostInFlight.load(ordering: .relaxed)

        // Another client changes 10 cards.
        let other = CardDAVClient(
            account: try CardDAVAccount(address: server.address, user: server.user, password: server.password))
        let links = try await db.readAddressBook(for: book.collection)
        for index in stride(from: 0, to: count, by: max(count / 10, 1)).prefix(10) {
            // The links keep a card's text only while it waits to go out: the other client reads it.
            guard let href = links.cards["bench-\(index)"]?.href,
                let card = try await other.cards([href]).first, let text = card.text, let etag = card.etag
            else { continue }
            _ = try await other.update(
                href, card: text.replacingOccurrences(of: "FN:Person", with: "FN:Changed"), etag: etag)
        }
        mark = transport.sent.load(ordering: .relaxed)
        let (pullReport, pull) = try await seconds { try await vessel.syncAddressBookAction() }
        let pullRequests = transport.since(&mark)
        let (quietReport, quiet) = try await seconds { try await vessel.syncAddressBookAction() }
        let quietRequests = transport.since(&mark)

        let table = """
            ## The address book, against Radicale on 127.0.0.1 (\(count) people)

            | step | requests | seconds | what it said |
            |---|---|---|---|
            | the first push of \(count) people, at most \(mostInFlight) requests in flight | \(firstRequests) | \(format(first)) | \(firstReport) |
            | a pull of 10 cards changed by another client | \(pullRequests) | \(format(pull, 3)) | \(pullReport) |
            | a pull with nothing changed | \(quietRequests) | \(format(quiet, 3)) | \(quietReport) |

            """
        var targets = Targets()
        targets.atMost(
            "the first push: requests in flight at once (one at a time)", Double(mostInFlight), 1,
            unit: "", orEqual: true, digits: 0)
        targets.atMost(
            "a pull of 10 changes among \(count): requests", Double(pullRequests), Self.pullRequestLimit, unit: "",
            orEqual: true, digits: 0)
        targets.atMost("a pull of 10 changes among \(count): time", pull * 1_000, Self.pullLimit, unit: "ms", digits: 1)
        targets.atMost(
            "a pull with nothing changed: requests", Double(quietRequests), 1, unit: "", orEqual: true, digits: 0)
        return (table, targets)
    }
}
