import Foundation
import Testing

@testable import CardDAVFixtures

/// A server a test starts ends with the test run, however the run ends: a run stopped at its
/// time limit, or one that crashed, leaves none behind.
@Suite("What a test starts dies with it", .timeLimit(.minutes(10)))
struct ServerLifetimeTests {
    /// Whether a process runs `command` (its arguments joined by spaces), exactly.
    static func isRunning(_ command: String) throws -> Bool {
        let names = try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { $0.allSatisfy(\.isNumber) }
        return names.contains { pid in
            let line = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return String(decoding: line, as: UTF8.self).split(separator: "\u{0}").joined(separator: " ") == command
        }
    }

    /// Waits until `isRunning(command)` is `running`, a minute at most.
    static func wait(until command: String, isRunning running: Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while try isRunning(command) != running, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    @Test("a server whose test process is killed is killed too, even one killed as the server starts")
    func killedWithItsTest() async throws {
        for delay in [Duration.zero, .seconds(2)] {
            let server = "sleep \(Int.random(in: 100_000...999_999))"
            let python = CardDAVServer.venv.appendingPathComponent("bin/python").path
            // The test process, played by a shell: it starts a "server" under the watcher, then
            // waits. Whoever waits for the killed shell is left out (Foundation's `Process` may
            // never see it end): the watcher sees its parent gone as soon as it is.
            let test = Process()
            test.executableURL = URL(fileURLWithPath: "/bin/sh")
            test.arguments = ["-c", "\"$0\" -c \"$1\" $$ \(server) & wait", python, CardDAVServer.watcher]
            try test.run()
            if delay > .zero {
                try await Self.wait(until: server, isRunning: true)
                #expect(try Self.isRunning(server), "the server started")
                try await Task.sleep(for: delay)
            }
            kill(test.processIdentifier, SIGKILL)
            try await Self.wait(until: server, isRunning: false)
            #expect(try !Self.isRunning(server), "the server outlived its test")
        }
    }
}
