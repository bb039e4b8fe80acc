import Foundation
import GRDB
import Persons
import PersonsWorker
import Testing

/// A database file deleted, moved or replaced while the worker has it open: nothing more is
/// read from or written to the old one, and no sync reports people stored that the file at the
/// path does not hold.
@Suite("A database file replaced under the app", .timeLimit(.minutes(10)))
struct ReplacedFileTests {
    enum Replacement: String, CaseIterable, Sendable {
        case deleted, anotherFile, folder, moved
    }

    /// Does `replacement` to the database at `file`, with its log and shared-memory files.
    static func replace(_ file: borrowing TemporaryDatabase, by replacement: Replacement) throws {
        let manager = FileManager.default
        switch replacement {
        case .deleted:
            try manager.removeItem(atPath: file.path)
        case .anotherFile:
            let other = file.path + ".other"
            _ = try PersonDBWorker(path: other)
            try manager.removeItem(atPath: file.path)
            try manager.moveItem(atPath: other, toPath: file.path)
        case .folder:
            try manager.removeItem(atPath: file.path)
            try manager.createDirectory(atPath: file.path, withIntermediateDirectories: false)
        case .moved:
            try manager.moveItem(atPath: file.path, toPath: file.path + ".moved")
        }
    }

    /// What SQLite's `integrity_check` says of the file at `path`.
    static func integrity(_ path: String) throws -> [String] {
        try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
    }

    @Test("reads and writes stop with a message saying so", arguments: Replacement.allCases)
    func stops(replacement: Replacement) async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path, watchInterval: .milliseconds(20))
        try await db.savePersons(people(5)) { _ in }
        let changes = db.changes()
        try Self.replace(file, by: replacement)
        let replaced = Fizzle.databaseReplaced(file.path)
        await #expect(throws: replaced) { try await db.savePersons(people(8)) { _ in } }
        await #expect(throws: replaced) { try await db.saveSwitch(.isRegion, isOn: false) }
        await #expect(throws: replaced) { try await db.countPersons() }
        #expect(replaced.message.contains("Restart the app"))
        // The screens hear of it, and read again (then told why they cannot).
        var signals = changes.makeAsyncIterator()
        #expect(await signals.next() != nil)
    }

    @Test(
        "a file replaced by another: once noticed, nothing of the old one stays to change the new one, which opens with its own people",
        arguments: [Replacement.anotherFile, .moved])
    func newFileIntact(replacement: Replacement) async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path, watchInterval: .milliseconds(20))
        try await db.savePersons(people(100)) { _ in }
        // Writes the log holds and the file does not yet.
        try await db.saveSwitch(.isRegion, isOn: false)
        try await db.saveSwitch(.isUsername, isOn: false)
        let other = file.path + ".other"
        if replacement == .anotherFile {
            try await PersonDBWorker(path: other).savePersons(people(50)) { _ in }
        }
        try Self.replace(file, by: replacement)
        await #expect(throws: Fizzle.databaseReplaced(file.path)) { try await db.countPersons() }
        // Let go of: the old file's log and shared memory leave the path.
        let deadline = ContinuousClock.now + .seconds(60)
        while FileManager.default.fileExists(atPath: file.path + "-wal"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(!FileManager.default.fileExists(atPath: file.path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: file.path + "-shm"))
        if replacement == .anotherFile {
            // The restart the message advises: the new file, with its own people, intact.
            let restarted = try PersonDBWorker(path: file.path)
            #expect(try await restarted.countPersons() == 50)
            #expect(try Self.integrity(file.path) == ["ok"])
        } else {
            // The file moved away keeps every write, its log copied into it.
            let moved = try PersonDBWorker(path: file.path + ".moved")
            #expect(try await moved.countPersons() == 100)
            #expect(try await moved.readSwitches() == Switches(isUsername: false, isRegion: false))
            #expect(try Self.integrity(file.path + ".moved") == ["ok"])
        }
    }

    @Test("a file replaced while a sync writes: the sync fails instead of reporting people stored")
    func duringSync() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        let (stream, batches) = AsyncStream.makeStream(of: Result<PersonBatch, Fizzle>.self)
        let (written, progress) = AsyncStream.makeStream(of: Int.self)
        let saving = Task {
            try await db.savePersons(PersonBatches(stream), expected: 20, recording: nil) { progress.yield($0) }
        }
        batches.yield(.success(PersonBatch(people: Array(people(20).prefix(10)))))
        // The first batch is written (in the transaction) before the file is replaced.
        var heard = written.makeAsyncIterator()
        _ = await heard.next()
        try Self.replace(file, by: .anotherFile)
        batches.yield(.success(PersonBatch(people: Array(people(20).suffix(10)))))
        batches.finish()
        await #expect(throws: Fizzle.databaseReplaced(file.path)) { try await saving.value }
        #expect(try await PersonDBWorker(path: file.path).countPersons() == 0, "the file at the path holds nobody")
    }
}
