import Foundation
import GRDB
import Persons
import PersonsVessel
import PureTesting
import RandomUserFixtures
import Testing

/// What the command tells is what happened, and what it prints cannot drive the terminal.
/// Serialized, as "The pure command" is: every test starts `pure` processes.
// A time limit on sockets and processes: a test that hangs fails instead of stalling the run.
@Suite("Truthful, terminal-safe output", .serialized, .timeLimit(.minutes(10)))
final class TruthfulOutputTests: Sendable {
    /// The test's database folder, which `pure` makes; removed when the test is done.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pure-command-\(UUID().uuidString)")
    var runner: CommandRunner { CommandRunner(databasePath: folder.appendingPathComponent("persons.sqlite").path) }
    let server = RandomUserServer()

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    static let hostileName = "\u{1B}]0;pwned\u{07}Eve\u{1B}[2J\u{202E}"

    @Test("a name with control characters is stored plain from the directory, and printed escaped from the file")
    func escapedNames() async throws {
        try await server.withRunning { base in
            var address = URLComponents(url: base, resolvingAgainstBaseURL: false)
            address?.queryItems = [
                URLQueryItem(name: "seed", value: "1"), URLQueryItem(name: "name0", value: Self.hostileName),
            ]
            let api = try #require(address?.url).absoluteString
            let sync = try await runner.run(["sync", "--count", "3", "--api", api])
            #expect(sync.status == 0, "\(sync.errors)")
            let id = RandomUserGenerator(options: .init(seed: 1)).uuid(at: 0)
            let vessel = try await Vessel.open(VesselConfiguration(databasePath: runner.databasePath))
            // From the directory: each control character a space.
            #expect(try await vessel.loadPersonAction(id).name.hasPrefix("]0;pwned Eve [2J\u{202E} "))
            // Names, not usernames, in the list.
            try await vessel.applyUsernameAction(false)
            // A file another program wrote is outside input too: the name as it came, controls and
            // all ("Zz" first keeps the person on the list's page the page index reads from).
            try await DatabaseQueue(path: runner.databasePath).write { db in
                try db.execute(
                    sql: "UPDATE person SET name = ? WHERE id = ?", arguments: ["Zz" + Self.hostileName, id])
            }
            for outcome in [try await runner.run(["list"]), try await runner.run(["show", id])] {
                #expect(outcome.status == 0)
                #expect(!outcome.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
                #expect(outcome.output.contains(#"\u{1B}]0;pwned\u{7}Eve\u{1B}[2J\u{202E}"#), "\(outcome.output)")
            }
        }
    }

    @Test(
        "a page out of range is refused with a message, never a crash",
        arguments: [
            ["list", "--page", "92233720368547760", "--search", "a"], ["list", "--page", "10000001"],
            ["list", "--page", "99999999999999999999"], ["list", "--page", "-3"],
        ])
    func pageOutOfRange(arguments: [String]) async throws {
        let outcome = try await runner.run(arguments)
        #expect(outcome.status == 64, "\(outcome.errors)")
        #expect(outcome.errors.contains("--page"))
        #expect(!outcome.errors.contains("Fatal error"))
    }

    @Test("a search or region with no match says so, not that nothing is stored")
    func noMatch() async throws {
        #expect(try await runner.run(["sync", "--count", "10"]).status == 0)
        for arguments in [["list", "--search", "zzzz"], ["list", "--region", "AQ"]] {
            let outcome = try await runner.run(arguments)
            #expect(outcome.status == 0)
            #expect(outcome.output.contains("No one matches."), "\(outcome.output)")
            #expect(!outcome.output.contains("pure sync"))
        }
    }

    @Test("records skipped beside good ones are counted in what the user is told")
    func skippedAreTold() async throws {
        try await server.withRunning { base in
            let sync = try await runner.run(["sync", "--count", "20", "--api", base.absoluteString + "?noid=4&seed=3"])
            #expect(sync.status == 0)
            #expect(
                sync.output.contains("Stored 15 people (15 new, 0 updated). Skipped 5 records: 5 without an id."),
                "\(sync.output)")
            let again = try await runner.run(["sync", "--count", "20", "--api", base.absoluteString + "?noid=4&seed=3"])
            #expect(again.output.contains("Stored 15 people (0 new, 15 updated)."), "\(again.output)")
        }
    }

    @Test("an answer with no usable record is a failure that says why")
    func nothingUsable() async throws {
        try await server.withRunning { base in
            let sync = try await runner.run(["sync", "--count", "6", "--api", base.absoluteString + "?noid=1"])
            #expect(sync.status == 1)
            #expect(sync.errors.contains("Our server sent no usable people: 6 records skipped (6 without an id)."))
            #expect(try await runner.run(["list"]).output.contains("No people yet"))
        }
    }

    @Test("a server's own error text is shortened and escaped")
    func longErrorBody() async throws {
        try await server.withRunning { base in
            var address = URLComponents(url: base, resolvingAgainstBaseURL: false)
            address?.queryItems = [
                URLQueryItem(name: "error", value: "\u{1B}[2J" + String(repeating: "y", count: 5_000))
            ]
            let api = try #require(address?.url).absoluteString
            let sync = try await runner.run(["sync", "--attempts", "1", "--api", api])
            #expect(sync.status == 1)
            let line = try #require(sync.errors.split(separator: "\n").first)
            #expect(line.hasPrefix(#"Our server reported a problem: \u{1B}[2Jyyy"#))
            #expect(line.count < Fizzle.reasonLimit + 60)
            #expect(!sync.errors.unicodeScalars.contains { $0.value == 0x1B })
        }
    }

    @Test("a sync by another process reaches a running app's state without any other change")
    func otherProcessSync() async throws {
        #expect(try await runner.run(["sync", "--count", "10"]).status == 0)
        let vessel = try await Vessel.open(VesselConfiguration(databasePath: runner.databasePath))
        let running = Task { try await vessel.run() }
        defer { running.cancel() }
        let list = await vessel.openListAction(ListCriteria())
        await waitUntil("the list is read", timeout: .seconds(120)) {
            vessel.appState.value.lists[list.key]?.result.total == 10
        }
        try await server.withRunning { base in
            let sync = try await runner.run(["sync", "--count", "40", "--api", base.absoluteString + "?seed=9"])
            #expect(sync.status == 0, "\(sync.errors)")
        }
        await waitUntil("the other process's people are listed", timeout: .seconds(120)) {
            vessel.appState.value.lists[list.key]?.result.total == 50
        }
    }
}
