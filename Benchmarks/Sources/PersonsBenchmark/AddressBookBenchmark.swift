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
/// of 10 cards another client changed among the N, and a pull when nothing changed; then, the
/// app running, how long an edit here takes to reach the server and a change there the app state.
struct AddressBookBenchmark {
    let count: Int

    /// A pull of 10 changes: at most this many requests (the report, then one multiget).
    static let pullRequestLimit = 3.0
    /// A pull of 10 changes within this many milliseconds.
    static let pullLimit = 200.0
    /// How often the running app pulls in the latency part: a short interval, so that enough
    /// changes made there are measured in a minute; the target is this plus a second.
    static let pullEvery = 5
    /// How many edits here, and changes there, the latency part times.
    static let latencySamples = 20
    /// An edit here on the server within this many seconds, at p99 (a save asks for an exchange
    /// half a second after the last of some saves).
    static let editToServerLimit = 2.0
    /// The longest any one change is waited for before the benchmark gives up on it (exit 2).
    static let longestWait = Duration.seconds(60)

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
            addressBook: book, pullEvery: .seconds(Self.pullEvery))
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

        let (editToServer, serverToPage) = try await latencies(of: vessel, links: links, other: other)

        let table = """
            ## The address book, against Radicale on 127.0.0.1 (\(count) people)

            | step | requests | seconds | what it said |
            |---|---|---|---|
            | the first push of \(count) people, at most \(mostInFlight) requests in flight | \(firstRequests) | \(format(first)) | \(firstReport) |
            | a pull of 10 cards changed by another client | \(pullRequests) | \(format(pull, 3)) | \(pullReport) |
            | a pull with nothing changed | \(quietRequests) | \(format(quiet, 3)) | \(quietReport) |

            With the app running as `pure serve` runs it, pulling every \(Self.pullEvery) s: \(Self.latencySamples) edits here until the server has each, and \(Self.latencySamples) cards changed there by another client until the app state shows each.

            | way | p50 s | p99 s |
            |---|---|---|
            | an edit here, until the server has it | \(format(percentile(editToServer, 0.5))) | \(format(percentile(editToServer, 0.99))) |
            | a card changed there, until the app state shows it | \(format(percentile(serverToPage, 0.5))) | \(format(percentile(serverToPage, 0.99))) |

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
        targets.atMost(
            "an edit here on the server, p99", percentile(editToServer, 0.99), Self.editToServerLimit, unit: "s")
        targets.atMost(
            "a change there in the app state, p99 (pulled every \(Self.pullEvery) s)", percentile(serverToPage, 0.99),
            Double(Self.pullEvery) + 1, unit: "s")
        return (table, targets)
    }

    /// With `vessel` running as `pure serve` runs it: seconds from each of some edits here until
    /// `other` reads it on the server, and from each of some changes `other` makes there until the
    /// app state shows it, on a person's page held open.
    private func latencies(
        of vessel: Vessel, links: AddressBookLinks, other: CardDAVClient
    ) async throws -> (editToServer: [Double], serverToPage: [Double]) {
        let running = Task { try await vessel.run() }
        defer { running.cancel() }
        var editToServer: [Double] = []
        var serverToPage: [Double] = []
        for sample in 0..<Self.latencySamples {
            let id = "bench-\((sample * max(count / Self.latencySamples, 1) + 1) % count)"
            guard let href = links.cards[id]?.href else { throw Unmeasured("no card of \(id) was linked") }
            var draft = PersonDraft(try await vessel.loadPersonAction(id))
            let email = "edited\(sample)@example.com"
            draft[.email] = email
            let (_, edit) = try await seconds {
                _ = try await vessel.editPersonAction(id, draft)
                try await waitUntil("the server has the edit of \(id)") {
                    try await other.cards([href]).first?.text?.contains(email) == true
                }
            }
            editToServer.append(edit)

            let page = try await vessel.openPersonAction(id)
            guard let card = try await other.cards([href]).first, let text = card.text, let etag = card.etag else {
                throw Unmeasured("the card of \(id) could not be read")
            }
            let name = "Theirs \(sample)"
            let (_, change) = try await seconds {
                _ = try await other.update(
                    href, card: text.replacing(/(?m)^FN:[^\r\n]*/, with: "FN:\(name)"), etag: etag)
                try await waitUntil("the app state shows the change of \(id)") {
                    vessel.appState.value.people[page.key]?.person?.name == name
                }
            }
            serverToPage.append(change)
            withExtendedLifetime(page) {}
        }
        return (editToServer, serverToPage)
    }

    /// Why a part could not measure.
    struct Unmeasured: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Polls `isDone` every 20 ms, for at most ``longestWait``: past it, fails naming `what`.
    private func waitUntil(_ what: String, _ isDone: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + Self.longestWait
        while try await !isDone() {
            guard ContinuousClock.now < deadline else { throw Unmeasured("gave up waiting until \(what)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
