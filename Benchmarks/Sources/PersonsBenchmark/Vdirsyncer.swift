import CardDAVFixtures
import Foundation

/// vdirsyncer (from the repository's `.venv`, which `scripts/test` makes), the peer people use to
/// keep a folder of cards in step with an address book: a pair of the book at `address` and a
/// folder of its own, synced as a user runs it, a process each time.
///
/// ```swift
/// let peer = try Vdirsyncer(address: server.address, user: "ada", password: "secret", in: folder)
/// let seconds = try await peer.sync()
/// ```
struct Vdirsyncer {
    /// Why vdirsyncer could not run: what it printed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let config: URL

    /// A pair of the book at `address` and an empty folder under `folder`, discovered.
    init(address: String, user: String?, password: String?, in folder: URL) async throws {
        let cards = folder.appendingPathComponent("cards")
        let status = folder.appendingPathComponent("status")
        for made in [cards, status] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        }
        config = folder.appendingPathComponent("vdirsyncer.conf")
        let credentials =
            (user.map { "username = \"\($0)\"\n" } ?? "") + (password.map { "password = \"\($0)\"\n" } ?? "")
        try """
        [general]
        status_path = "\(status.path)/"

        [pair contacts]
        a = "local"
        b = "remote"
        collections = null

        [storage local]
        type = "filesystem"
        path = "\(cards.path)/"
        fileext = ".vcf"

        [storage remote]
        type = "carddav"
        url = "\(address)"
        \(credentials)
        """.write(to: config, atomically: true, encoding: .utf8)
        _ = try await run("discover")
    }

    /// Seconds one `vdirsyncer sync` takes, as a user runs it: a process from start to end.
    func sync() async throws -> Double {
        try await run("sync")
    }

    private func run(_ command: String) async throws -> Double {
        let program = CardDAVServer.venv.appendingPathComponent("bin/vdirsyncer")
        let config = config
        return try await offThePool {
            let process = Process()
            process.executableURL = program
            process.arguments = ["-c", config.path, command]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            process.standardInput = FileHandle.nullDevice
            let started = DispatchTime.now().uptimeNanoseconds
            try process.run()
            let printed = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            guard process.terminationStatus == 0 else {
                throw Failure(
                    description: "vdirsyncer \(command): \(String(decoding: printed, as: UTF8.self).suffix(1_000))")
            }
            return elapsed
        }
    }
}
