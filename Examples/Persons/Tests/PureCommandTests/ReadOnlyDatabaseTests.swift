import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A database file that can be read but not written to: `list` and `show` work, `sync` says
/// why it cannot save. Root may write any file, so as root `pure` runs as `nobody`.
@Suite("A read-only database", .serialized, .timeLimit(.minutes(10)))
struct ReadOnlyDatabaseTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pure-readonly-\(UUID().uuidString)")
    var path: String { folder.appendingPathComponent("persons.sqlite").path }

    @Test("list reads it; sync says it is read-only, and changes nothing")
    func readsOnly() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let owner = CommandRunner(databasePath: path)
        let sync = try await owner.run(["sync", "--count", "10"])
        #expect(sync.status == 0, "\(sync.errors)")
        // The file read-only for the reader; its folder writable (SQLite keeps its log there).
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        var reader = CommandRunner(databasePath: path)
        if getuid() == 0 {
            // As `nobody`, from a copy in the test's folder: the build folder may not be open to
            // other users. Neither command needs the app's resources.
            reader.pure = folder.appendingPathComponent("pure").path
            try FileManager.default.copyItem(atPath: CommandRunner.binary.path, toPath: reader.pure)
            reader.under = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        }
        let list = try await reader.run(["list"])
        #expect(list.status == 0, "\(list.errors)")
        #expect(list.output.hasPrefix("10 people"), "\(list.output)")
        let refused = try await reader.run(["sync", "--count", "12"])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("The database at \(path) is read-only"), "\(refused.errors)")
        let after = try await owner.run(["list"])
        #expect(after.output.hasPrefix("10 people"), "nothing changed: \(after.output)")
    }
}
