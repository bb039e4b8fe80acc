import Foundation
import RandomUserFixtures
import Testing

#if os(Linux)
    import Glibc

    /// A sync waiting for a slow directory waits on the network, not on the processor.
    @Suite("Waiting costs no processor", .timeLimit(.minutes(10)))
    struct WaitingCostTests {
        /// The test's folder: the database, and the log and photos `pure` keeps beside it.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pure-waiting-\(UUID().uuidString)")
        var database: URL { folder.appendingPathComponent("persons.sqlite") }

        /// Seconds of processor time process `pid` has used so far (user and system), from
        /// `/proc/<pid>/stat`.
        static func processorSeconds(of pid: Int32) throws -> Double {
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            // The fields after the command's name, which is in parentheses: state is the first.
            let fields = try #require(stat.split(separator: ")").last).split(separator: " ")
            let ticks = try #require(Double(fields[11])) + #require(Double(fields[12]))
            return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        }

        @Test("pure sync waiting 5 s for an answer uses well under a second of processor time")
        func slowAnswer() async throws {
            try await RandomUserServer().withRunning { base in
                let process = Process()
                process.executableURL = CommandRunner.binary
                process.arguments = [
                    "sync", "--count", "3", "--api", base.absoluteString + "?delay=5000", "--db", database.path,
                ]
                // What it says on standard error is kept, to tell why if it fails.
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let said = folder.appendingPathComponent("stderr")
                // A file that could not be made fails at the handle just after.
                _ = FileManager.default.createFile(atPath: said.path, contents: nil)
                let stderrFile = try FileHandle(forWritingTo: said)
                defer {
                    try? stderrFile.close()
                    try? FileManager.default.removeItem(at: folder)
                }
                process.standardOutput = FileHandle.nullDevice
                process.standardError = stderrFile
                try process.run()
                // Started, and well into the wait (the answer comes after 5 s). The command gives
                // up after 15 s: the wait leaves 10 s for a loaded machine (8 s left 7, and under
                // ThreadSanitizer beside the other suites a CI run once needed more).
                try await Task.sleep(for: .seconds(4))
                let used = try Self.processorSeconds(of: process.processIdentifier)
                #expect(process.isRunning, "the sync was still waiting")
                // Before (URLSession on FoundationNetworking): about 0.8 s of processor per second waited.
                #expect(used < 1.0, "\(used) s of processor time in 4 s of waiting")
                while process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
                let stderr = (try? String(contentsOf: said, encoding: .utf8)) ?? ""
                #expect(process.terminationStatus == 0, "standard error: \(stderr.suffix(2_000))")
            }
        }
    }
#endif
