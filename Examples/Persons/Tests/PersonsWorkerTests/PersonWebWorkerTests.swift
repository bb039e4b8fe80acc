import CardDAVFixtures
import Foundation
import Persons
import PersonsWorker
import RandomUserFixtures
import Testing

/// The web worker against the randomuser-compatible test server on 127.0.0.1, one test per fault.
// A time limit on sockets and processes: a test that hangs fails instead of stalling the run.
@Suite("The web worker", .timeLimit(.minutes(10)))
struct PersonWebWorkerTests {
    let server = RandomUserServer()

    func worker(
        _ base: URL, query: String = "", timeout: Duration = .seconds(60), attempts: Int = 3
    ) throws
        -> PersonWebWorker
    {
        try PersonWebWorker(
            address: base.absoluteString + query, timeout: timeout, attempts: attempts,
            firstRetryDelay: .milliseconds(5))
    }

    @Test("downloads and maps people")
    func downloads() async throws {
        try await server.withRunning { base in
            let people = try await worker(base, query: "?seed=5").fetchPersons(count: 30)
            let generator = RandomUserGenerator(options: .init(seed: 5))
            #expect(people.count == 30)
            #expect(people.map(\.id) == (0..<30).map { generator.uuid(at: $0) })
            #expect(people.allSatisfy { !$0.name.isEmpty && $0.country.count == 2 && ($0.age ?? 0) > 0 })
            let portraits = base.absoluteString + "api/portraits/"
            #expect(people.contains { $0.photo == nil } && people.contains { $0.photo?.hasPrefix(portraits) == true })
        }
    }

    @Test("records without an id are skipped")
    func skipsRecordsWithoutID() async throws {
        try await server.withRunning { base in
            let people = try await worker(base, query: "?noid=4").fetchPersons(count: 20)
            #expect(people.count == 15)
        }
    }

    @Test("server errors are retried until the server recovers")
    func retriesServerErrors() async throws {
        try await server.withRunning { base in
            let people = try await worker(base, query: "?status=500&times=2&key=retry").fetchPersons(count: 5)
            #expect(people.count == 5)
            #expect(server.requests == 3)
        }
    }

    @Test("a server that keeps failing is a failed download, after every attempt")
    func persistentServerError() async throws {
        try await server.withRunning { base in
            await #expect(throws: Fizzle.downloadFailed) {
                try await worker(base, query: "?status=503").fetchPersons(count: 5)
            }
            #expect(server.requests == 3)
        }
    }

    @Test("a client error is reported at once, with its status")
    func clientError() async throws {
        try await server.withRunning { base in
            await #expect(throws: Fizzle.rejected(status: 404)) {
                try await worker(base, query: "?status=404").fetchPersons(count: 5)
            }
            #expect(server.requests == 1)
        }
    }

    @Test("an error body is reported with its message")
    func errorBody() async throws {
        try await server.withRunning { base in
            await #expect(throws: Fizzle.serverMessage("Uh oh, something has gone wrong.")) {
                try await worker(base, query: "?error=Uh%20oh,%20something%20has%20gone%20wrong.").fetchPersons(
                    count: 5)
            }
        }
    }

    @Test("malformed JSON cannot be read")
    func malformed() async throws {
        try await server.withRunning { base in
            await #expect(throws: Fizzle.unreadableDownload) {
                try await worker(base, query: "?malformed=1").fetchPersons(count: 5)
            }
        }
    }

    @Test("a truncated body cannot be read")
    func truncated() async throws {
        try await server.withRunning { base in
            await #expect(throws: Fizzle.unreadableDownload) {
                try await worker(base, query: "?truncate=1").fetchPersons(count: 50)
            }
        }
    }

    @Test("a server slower than the timeout is a timeout, said as one")
    func slow() async throws {
        try await server.withRunning { base in
            await #expect(throws: Fizzle.timedOut(seconds: 1)) {
                try await worker(base, query: "?delay=3000", timeout: .milliseconds(300), attempts: 2)
                    .fetchPersons(count: 5)
            }
        }
    }

    // The time limit catches a refused connection retried until the request's hour is up.
    @Test("an unreachable server means no internet, told when the connection is refused", .timeLimit(.minutes(3)))
    func unreachable() async throws {
        // Held, never listened on: a stopped server's port may be given to the next server a test
        // starts meanwhile, which then answers.
        let held = try HeldPort()
        defer { held.close() }
        await #expect(throws: Fizzle.noInternet) {
            try await worker(URL(string: "http://127.0.0.1:\(held.port)/")!, timeout: .seconds(3_600), attempts: 2)
                .fetchPersons(count: 5)
        }
    }

    @Test("an address that is not an http(s) URL is invalid")
    func invalidAddress() {
        #expect(throws: Fizzle.invalidURL("ftp://example.com")) {
            try PersonWebWorker(address: "ftp://example.com")
        }
    }

    @Test("the bundled sample works offline, through the same mapping")
    func bundled() async throws {
        let people = try await PersonWebWorker(address: nil).fetchPersons(count: 100)
        #expect(people.count == 100)
        #expect(Set(people.map(\.id)).count == 100)
    }

    @Test("walk needs legs, and reaches the directory")
    func walk() async throws {
        try await server.withRunning { base in
            let walked = try await worker(base).walk(isLeg: true)
            #expect(walked == "LEG")
            #expect(server.requests == 1)
            await #expect(throws: Fizzle.walkFail) { try await worker(base).walk(isLeg: false) }
        }
    }
}
