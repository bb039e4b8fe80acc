import Foundation
import GRDB
import Persons
import Testing

@testable import PersonsWorker

/// What the database worker reports is what the file holds: counts of new and updated people,
/// repeated ids, a full disk, another writer, and writes made by another process.
// A time limit on sockets and processes: a test that hangs fails instead of stalling the run.
@Suite("Write outcomes", .timeLimit(.minutes(10)))
struct WriteOutcomeTests {
    @Test("a download repeating ids stores each person once and counts the repeats")
    func repeatedIDs() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        try await db.savePersons(people(4)) { _ in }
        let tenIDs = people(10)
        let repeated = (0..<5_000).map { tenIDs[$0 % 10] }
        let report = try await db.savePersons(repeated) { _ in }
        var skipped = SkippedRecords()
        skipped.add(.duplicateID, count: 4_990)
        #expect(report == SyncReport(inserted: 6, updated: 4, skipped: skipped))
        #expect(try await db.countPersons() == 10)
    }

    @Test(
        "a person the database refuses is left out and counted; the rest of the write is stored",
        arguments: [(stored: 0, writing: 5_000), (stored: 50, writing: 20)])
    func refusedRecord(stored: Int, writing: Int) async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        let everyone = people(stored + writing)
        try await db.savePersons(Array(everyone.prefix(stored))) { _ in }
        let refused = everyone[stored + writing / 2].id
        // What no record should meet: here, a rule that refuses one person.
        let other = try DatabaseQueue(path: file.path)
        try await other.write { connection in
            try connection.execute(
                sql: """
                    CREATE TRIGGER refuse BEFORE INSERT ON person WHEN NEW.id = '\(refused)'
                    BEGIN SELECT RAISE(ABORT, 'refused'); END
                    """)
        }
        let report = try await db.savePersons(Array(everyone.suffix(writing))) { _ in }
        var skipped = SkippedRecords()
        skipped.add(.unstorable)
        #expect(report == SyncReport(inserted: writing - 1, updated: 0, skipped: skipped))
        #expect(report.message.contains("1 refused by the database"), "\(report.message)")
        #expect(try await db.countPersons() == stored + writing - 1)
        // The next person of the same batch is stored and found; the refused one is not.
        let next = everyone[stored + writing / 2 + 1]
        let search = { (person: Person) in
            try await db.readMetas(PageRequest(criteria: ListCriteria(search: person.username), isRegion: false))
        }
        #expect(try await search(next).metas.map(\.id) == [next.id])
        #expect(try await search(everyone[stored + writing / 2]).metas.isEmpty)
    }

    @Test("a sync while another connection holds the write lock says the database is busy, and changes nothing")
    func busy() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        try await db.savePersons(people(3)) { _ in }
        let other = try DatabaseQueue(path: file.path)
        let locked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        // A thread of its own holds the lock, as another process would.
        Thread.detachNewThread {
            try? other.inDatabase { connection in
                try connection.execute(sql: "BEGIN IMMEDIATE")
                locked.signal()
                _ = release.wait(timeout: .now() + 30)
                try connection.execute(sql: "ROLLBACK")
            }
        }
        locked.wait()
        await #expect(throws: Fizzle.databaseBusy) {
            try await db.savePersons(people(20)) { _ in }
        }
        release.signal()
        #expect(try await db.countPersons() == 3)
    }

    @Test("another process's commit is signalled to this worker's watchers")
    func otherWriters() async throws {
        let file = TemporaryDatabase()
        let watched = try PersonDBWorker(path: file.path, watchInterval: .milliseconds(50))
        let signals = watched.changes()
        let other = try PersonDBWorker(path: file.path)
        let signalled = Task {
            var iterator = signals.makeAsyncIterator()
            return await iterator.next() != nil
        }
        // The other process commits until the watcher hears one: the watcher notes the file's
        // version when its task first runs, which a loaded machine may start after a first commit.
        let writing = Task {
            for round in 0..<120 where !Task.isCancelled {
                try await Task.sleep(for: .milliseconds(500))
                try await other.saveSwitch(.isRegion, isOn: round % 2 == 0)
            }
            signalled.cancel()
        }
        #expect(await signalled.value)
        writing.cancel()
    }

    @Test("when the file can grow no more, every sync reports exactly what it stored, and fails as a full disk")
    func diskFull() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        // SQLite's page limit on the one writing connection: past it SQLite answers SQLITE_FULL,
        // the code a full disk gives, with no privilege needed to fill a real disk.
        try await db.pool.barrierWriteWithoutTransaction { db in
            let used = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(used + 150)")
        }
        var told = 0
        var failures = 0
        for round in 0..<200 where failures < 3 {
            let batch = people(200 * (round + 1)).suffix(200)
            do {
                told += try await db.savePersons(Array(batch)) { _ in }.inserted
            } catch {
                #expect(error == .diskFull, "round \(round): \(error.message)")
                failures += 1
            }
            #expect(try await db.countPersons() == told, "round \(round)")
        }
        #expect(failures == 3)
        #expect(told > 0)
    }
}
