import CardDAVFixtures
import Foundation

/// Runs the built `pure` binary and collects what it printed.
struct CommandRunner {
    struct Outcome {
        let status: Int32
        let output: String
        let errors: String
    }

    let databasePath: String
    var environment: [String: String] = [:]
    /// A command `pure` runs under, such as `setpriv` to run it as another user.
    var under: [String] = []
    /// The `pure` to run: the built one, or a copy.
    var pure = Self.binary.path

    /// The `pure` binary next to the test bundle in the build folder.
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pure")
    }

    /// Runs `pure` with `arguments` (and `--db`), waiting for it away from the concurrency pool so
    /// that servers in this process keep answering meanwhile.
    func run(_ arguments: [String], withDatabase: Bool = true) async throws -> Outcome {
        try await offThePool { try runBlocking(arguments, withDatabase: withDatabase) }
    }

    private func runBlocking(_ arguments: [String], withDatabase: Bool) throws -> Outcome {
        let process = Process()
        let command = under + [pure] + arguments + (withDatabase ? ["--db", databasePath] : [])
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        var processEnvironment = ProcessInfo.processInfo.environment
        processEnvironment["PURE_DB"] = nil
        processEnvironment["PURE_API"] = nil
        process.environment = processEnvironment.merging(environment) { $1 }
        // Standard error goes to a file: two pipes read one after the other would stall a command
        // that fills the second while the first is being read.
        let errorsFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pure-errors-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorsFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorsFile) }
        let errors = try FileHandle(forWritingTo: errorsFile)
        defer { try? errors.close() }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let complained = try Data(contentsOf: errorsFile)
        return Outcome(
            status: process.terminationStatus, output: String(decoding: printed, as: UTF8.self),
            errors: String(decoding: complained, as: UTF8.self))
    }
}
