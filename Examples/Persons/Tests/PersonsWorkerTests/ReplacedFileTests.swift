import Foundation
import Persons
import PersonsWorker
import Testing

/// A database file deleted, moved or replaced while the worker has it open: nothing more is
/// read from or written to the old one, and no sync reports people stored that the file at the
/// path does not hold.
@Suite("A database file replaced under the app", .timeLimit(.minutes(2)))
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
        #expect(await signals.next() == .unknown)
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
