import AsyncHTTPClient
import BenchmarkSupport
import CardDAVFixtures
import Foundation
import GRDB
import NIOCore
import Persons
import PersonsGear
import PersonsVessel
import PersonsWorker
import Synchronization

/// The address book against a real Radicale on loopback, each figure beside its floor or its
/// peer in the same run: the first push of N people, against a bare client that PUTs the same
/// cards one at a time (the most requests in flight at once: the exchange pushes one at a time);
/// a first sync of the N cards into an empty app, and a pull of 10 cards another client changed,
/// each against vdirsyncer (the peer people use for the same job) doing the same, in time and in
/// requests; a pull when nothing changed; then, the app running as `pure serve` runs it with a
/// page open, how long an edit here takes to reach the server and a change there the app state,
/// against the waits the design asks for, and what its checks cost an idle hour.
struct AddressBookBenchmark {
    let count: Int
    /// How many edits here, and changes there, the latency part times.
    let latencySamples: Int

    /// The first push against the bare client's PUTs of the same cards: at most this many times.
    static let pushRatio = 1.2
    /// How often, at most, the running app checks for changes there while a page is open, as
    /// `pure serve` does by default (`--carddav-watch-every`).
    static let watchCeiling = 4
    /// An edit here on the server, at p99: at most this many times its floor, the half second a
    /// save waits for the saves after it (`Vessel.saveSettles`) and a bare PUT's p99.
    static let editRatio = 1.5
    /// A change there in the app state, made at a moment spread evenly over a check's interval
    /// once the checks have backed off to their ceiling: at p90, at most this many times its
    /// floor, the ceiling and a bare PUT's p99 (about 4 s: within the 5 s a user is promised);
    /// at p99, at most 1.2 times.
    static let changeRatio90 = 1.0
    static let changeRatio99 = 1.2
    /// How long the running app is left idle, a page open, to count its checks' requests.
    static let idleWindow = Duration.seconds(40)
    /// The requests an idle hour, against the design's one check per ceiling: at most this many
    /// times (a window's edges hold one check more).
    static let idleRatio = 1.15
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
        let server = try await CardDAVServer.start(.radicale, logsRequests: true)
        defer { server.stop() }
        let folder = ScratchFolder()
        let db = try PersonDBWorker(database: DatabaseQueue())
        let people = (0..<count).map { index in
            Person(
                id: "bench-\(index)", name: "Person \(index)", nameParts: nil, username: "p\(index)", gender: .unknown,
                email: "p\(index)@example.com", age: index % 90, country: "KR", cellphone: nil, photo: nil)
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

        // The floor of the push: the same cards, PUT one at a time into a second book by a bare
        // client, each request timed.
        let other = CardDAVClient(
            account: try CardDAVAccount(address: server.address, user: server.user, password: server.password))
        let cards = try await other.cards(try await other.tags().map(\.href))
        let bare = try await Self.barePuts(cards.compactMap(\.text), server: server)

        // The peer: vdirsyncer's first sync of the N cards into an empty folder, then the app's
        // into an empty database.
        let peer = try await Vdirsyncer(
            address: server.address, user: server.user, password: server.password, in: folder.url)
        let peerFirst = try await peer.sync()
        let peerFirstRequests = try server.requests(fromClientNamed: "vdirsyncer")
        let fresh = Counting()
        let freshVessel = Vessel(
            db: try PersonDBWorker(database: DatabaseQueue()), photos: photos,
            web: { () throws(Fizzle) -> any PersonWebWork in throw .noInternet },
            addressBook: try AddressBookWorker(
                address: server.address, user: server.user, password: server.password, transport: fresh))
        let (freshReport, freshFirst) = try await seconds { try await freshVessel.syncAddressBookAction() }
        var freshMark = 0
        let freshRequests = fresh.since(&freshMark)

        // Another client changes 10 cards; the app pulls them, and vdirsyncer.
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
        let peerPull = try await peer.sync()
        let peerPullRequests = try server.requests(fromClientNamed: "vdirsyncer") - peerFirstRequests
        let (quietReport, quiet) = try await seconds { try await vessel.syncAddressBookAction() }
        let quietRequests = transport.since(&mark)

        let (editToServer, serverToPage, idleRequests) = try await latencies(
            of: vessel, links: links, other: other, counting: transport)
        let barePut99 = percentile(bare.each, 0.99)
        let editFloor = 0.5 + barePut99
        let changeFloor = Double(Self.watchCeiling) + barePut99
        let idleSeconds = Double(Self.idleWindow.components.seconds)
        let perIdleHour = Double(idleRequests) * 3_600 / idleSeconds
        let designPerHour = 3_600 / Double(Self.watchCeiling)

        let table = """
            ## The address book, against Radicale on 127.0.0.1 (\(count) people)

            | step | requests | seconds | what it said |
            |---|---|---|---|
            | the first push of \(count) people, at most \(mostInFlight) requests in flight | \(firstRequests) | \(format(first)) | \(firstReport) |
            | the floor: a bare client PUTting the same \(bare.each.count) cards one at a time | \(bare.each.count) | \(format(bare.total)) | |
            | a first sync of the \(count) cards into an empty app | \(freshRequests) | \(format(freshFirst)) | \(freshReport) |
            | the peer: vdirsyncer's first sync of them into an empty folder | \(peerFirstRequests) | \(format(peerFirst)) | |
            | a pull of 10 cards changed by another client | \(pullRequests) | \(format(pull, 3)) | \(pullReport) |
            | the peer: vdirsyncer's sync of the same 10 changes | \(peerPullRequests) | \(format(peerPull, 3)) | |
            | a pull with nothing changed | \(quietRequests) | \(format(quiet, 3)) | \(quietReport) |

            vdirsyncer runs as a user runs it: a process each time (its start, about half a second of
            it, included). Its requests are those Radicale logged from it.

            With the app running as `pure serve` runs it, a page open (checks every second after a change, backing off to \(Self.watchCeiling) s): \(latencySamples) edits here until the server has each, and \(latencySamples) cards changed there by another client until the app state shows each, each made at a moment spread evenly over a check's interval once the checks have backed off. Their floors: the half second a save waits for the saves after it and a bare PUT's p99 (\(format(barePut99, 3)) s), and the checks' ceiling and a bare PUT's p99.

            | way | p50 s | p90 s | p99 s | floor s |
            |---|---|---|---|---|
            | an edit here, until the server has it | \(format(percentile(editToServer, 0.5))) | \(format(percentile(editToServer, 0.9))) | \(format(percentile(editToServer, 0.99))) | \(format(editFloor)) |
            | a card changed there, until the app state shows it | \(format(percentile(serverToPage, 0.5))) | \(format(percentile(serverToPage, 0.9))) | \(format(percentile(serverToPage, 0.99))) | \(format(changeFloor)) |

            Idle, a page open, for \(format(idleSeconds, 0)) s: \(idleRequests) requests, \(format(perIdleHour, 0)) an hour (the design's one check per \(Self.watchCeiling) s: \(format(designPerHour, 0)); with no page open, one per `--carddav-every`, 60 an hour by default).

            """
        var targets = Targets()
        targets.atMost(
            "the first push: requests in flight at once (one at a time)", Double(mostInFlight), 1,
            unit: "", orEqual: true, digits: 0)
        targets.atMost(
            "the first push of \(count), against the bare client's PUTs", first / bare.total, Self.pushRatio, unit: "x",
            orEqual: true)
        targets.atMost(
            "a first sync of \(count), time against vdirsyncer's", freshFirst / peerFirst, 1, unit: "x", orEqual: true)
        targets.atMost(
            "a first sync of \(count), requests against vdirsyncer's",
            Double(freshRequests) / Double(peerFirstRequests),
            1, unit: "x", orEqual: true)
        targets.atMost("a pull of 10 changes, time against vdirsyncer's", pull / peerPull, 1, unit: "x", orEqual: true)
        targets.atMost(
            "a pull of 10 changes, requests against vdirsyncer's", Double(pullRequests) / Double(peerPullRequests), 1,
            unit: "x", orEqual: true)
        targets.atMost(
            "a pull with nothing changed: requests", Double(quietRequests), 1, unit: "", orEqual: true, digits: 0)
        targets.atMost(
            "an edit here on the server, p99 against its floor", percentile(editToServer, 0.99) / editFloor,
            Self.editRatio, unit: "x", orEqual: true)
        targets.atMost(
            "a change there in the app state, p90 against its floor", percentile(serverToPage, 0.9) / changeFloor,
            Self.changeRatio90, unit: "x", orEqual: true)
        targets.atMost(
            "a change there in the app state, p99 against its floor", percentile(serverToPage, 0.99) / changeFloor,
            Self.changeRatio99, unit: "x", orEqual: true)
        targets.atMost(
            "the checks' requests an idle hour, a page open, against the design's", perIdleHour / designPerHour,
            Self.idleRatio, unit: "x", orEqual: true)
        return (table, targets)
    }

    /// A bare client's PUTs of `cards` into a second address book of `server`, one at a time:
    /// seconds in all, and for each.
    static func barePuts(_ cards: [String], server: CardDAVServer) async throws -> (total: Double, each: [Double]) {
        let second = server.address.replacingOccurrences(of: "/book/", with: "/floor/")
        try await server.makeAddressBook(at: second)
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        defer { _ = client.shutdown() }
        let authorization =
            "Basic " + Data("\(server.user ?? ""):\(server.password ?? "")".utf8).base64EncodedString()
        var each: [Double] = []
        let (_, total) = try await seconds {
            for (index, card) in cards.enumerated() {
                var request = HTTPClientRequest(url: second + "card-\(index).vcf")
                request.method = .PUT
                request.headers.add(name: "Authorization", value: authorization)
                request.headers.add(name: "Content-Type", value: "text/vcard; charset=utf-8")
                request.headers.add(name: "If-None-Match", value: "*")
                request.body = .bytes(ByteBuffer(string: card))
                let (response, time) = try await seconds { try await client.execute(request, timeout: .seconds(60)) }
                guard response.status == .created || response.status == .noContent else {
                    throw Unmeasured("the bare PUT of card \(index) answered \(response.status)")
                }
                _ = try await response.body.collect(upTo: 1 << 20)
                each.append(time)
            }
        }
        return (total, each)
    }

    /// With `vessel` running as `pure serve` runs it, a page open: seconds from each of some edits
    /// here until `other` reads it on the server, and from each of some changes `other` makes
    /// there until the app state shows it, on a person's page held open; then the requests
    /// `transport` sends while nothing changes for ``idleWindow``.
    private func latencies(
        of vessel: Vessel, links: AddressBookLinks, other: CardDAVClient, counting transport: Counting
    ) async throws -> (editToServer: [Double], serverToPage: [Double], idleRequests: Int) {
        vessel.watchAddressBook(upTo: .seconds(Self.watchCeiling), while: { true })
        let running = Task { try await vessel.run() }
        defer { running.cancel() }
        var editToServer: [Double] = []
        var serverToPage: [Double] = []
        for sample in 0..<latencySamples {
            let id = "bench-\((sample * max(count / latencySamples, 1) + 1) % count)"
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
            // Once the checks have backed off to their ceiling (1 s, then 2 s), at a moment spread
            // evenly over its interval: a phone's change comes at no moment in particular.
            let offset = Double(Self.watchCeiling) * (Double(sample) + 0.5) / Double(latencySamples)
            try await Task.sleep(for: .seconds(3 + offset))
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
        try await Task.sleep(for: .seconds(3 + Self.watchCeiling))
        var mark = transport.sent.load(ordering: .relaxed)
        try await Task.sleep(for: Self.idleWindow)
        return (editToServer, serverToPage, transport.since(&mark))
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
