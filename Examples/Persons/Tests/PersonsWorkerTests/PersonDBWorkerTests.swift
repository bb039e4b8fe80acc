import Foundation
import GRDB
import NIOConcurrencyHelpers
import Persons
import PersonsTestSupport
import PersonsWorker
import RandomUserFixtures
import Testing

@Suite("The database worker")
struct PersonDBWorkerTests {
    @Test("opening creates the schema; reopening keeps the data and the switches")
    func persistsAcrossReopen() async throws {
        let file = TemporaryDatabase()
        do {
            let db = try PersonDBWorker(path: file.path)
            try await db.savePersons(people(3)) { _ in }
            try await db.saveSwitch(.isRegion, isOn: false)
        }
        let reopened = try PersonDBWorker(path: file.path)
        #expect(try await reopened.countPersons() == 3)
        #expect(try await reopened.readSwitches() == Switches(isUsername: true, isRegion: false))
        #expect(try await reopened.readPerson(id: "id-000001") == people(3)[1])
    }

    @Test("switches keep their defaults until saved")
    func defaultSwitches() async throws {
        #expect(try await PersonDBWorker(database: DatabaseQueue()).readSwitches() == Switches())
    }

    @Test("every switch there is is saved and read back across a reopening, each on its own")
    func everySwitchPersists() async throws {
        for name in Switches.Name.allCases {
            let file = TemporaryDatabase()
            var expected = Switches()
            expected[name].toggle()
            try await PersonDBWorker(path: file.path).saveSwitch(name, isOn: expected[name])
            #expect(try await PersonDBWorker(path: file.path).readSwitches() == expected, "\(name)")
        }
    }

    @Test("an in-memory database works as a file does: saved, read and paged")
    func inMemory() async throws {
        let db = try PersonDBWorker(database: DatabaseQueue())
        let report = try await db.savePersons(people(250)) { _ in }
        #expect(report.inserted == 250)
        #expect(try await db.countPersons() == 250)
        #expect(try await db.readPerson(id: "id-000249") == people(250)[249])
        let first = try await db.readMetas(PageRequest(isRegion: false))
        let page = try await db.readMetas(PageRequest(position: first.next ?? .start, isRegion: false))
        let last = try await db.readMetas(PageRequest(position: page.next ?? .start, isRegion: false))
        #expect(last.metas.count == 50 && last.total == 250 && last.next == nil)
        try await db.saveSwitch(.isUsername, isOn: false)
        #expect(try await db.readSwitches() == Switches(isUsername: false, isRegion: true))
    }

    @Test("an in-memory database gets exactly the tables, columns and indexes a file gets when it is opened")
    func inMemorySchema() async throws {
        let file = TemporaryDatabase()
        _ = try PersonDBWorker(path: file.path)
        let memory = try DatabaseQueue()
        _ = try PersonDBWorker(database: memory)
        let schema = "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
        let fromFile = try DatabaseQueue(path: file.path).read { db in try Row.fetchAll(db, sql: schema) }
        let fromMemory = try memory.read { db in try Row.fetchAll(db, sql: schema) }
        #expect(!fromFile.isEmpty)
        #expect(fromMemory == fromFile)
    }

    @Test("the people counted by each filter's values are those stored, after a sync, an edit and a deletion")
    func countsByFilter() async throws {
        let db = try PersonDBWorker(database: DatabaseQueue())
        var people = PeopleMaker().make(300, seed: 3)
        try await db.savePersons(people) { _ in }
        people[0].country = people[0].country == "NZ" ? "KR" : "NZ"
        _ = try await db.editPerson(id: people[0].id, PersonDraft(people[0]))
        try await db.deletePerson(id: people[1].id)
        people.remove(at: 1)
        #expect(try await db.countPeople() == Samples.counts(of: people))
    }

    @Test("saving the same people again updates them and never duplicates them")
    func upsert() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        var batch = people(50)
        try await db.savePersons(batch) { _ in }
        batch[7].name = "Renamed Person"
        try await db.savePersons(batch + people(60).suffix(10)) { _ in }
        #expect(try await db.countPersons() == 60)
        #expect(try await db.readPerson(id: "id-000007").name == "Renamed Person")
    }

    @Test("saving reports progress batch by batch up to 1000 per mille, never backwards")
    func progress() async throws {
        let file = TemporaryDatabase()
        let seen = Seen()
        let everyone = people(1_000)
        let (stream, continuation) = AsyncStream.makeStream(of: Result<PersonBatch, Fizzle>.self)
        for start in stride(from: 0, to: 1_000, by: 100) {
            continuation.yield(.success(PersonBatch(people: Array(everyone[start..<(start + 100)]))))
        }
        continuation.finish()
        _ = try await PersonDBWorker(path: file.path).savePersons(PersonBatches(stream), expected: 1_000) {
            seen.append($0)
        }
        let values = seen.values
        #expect(values.last == 1_000)
        #expect(values.count == 11)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("a save the database fails (not one record refused) changes nothing: the write is one transaction")
    func failedSaveLeavesData() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        try await db.savePersons(people(20)) { _ in }
        let raw = try DatabaseQueue(path: file.path)
        // The database failing (an extension it may not load), not refusing one record.
        try await raw.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER poison BEFORE INSERT ON person WHEN NEW.id = 'poison'
                    BEGIN SELECT load_extension('no-such-extension'); END
                    """)
        }
        var changed = people(20)
        changed[0].name = "Must Not Land"
        let poison = Person.sample(
            id: "poison", name: "X", nameParts: nil, username: "x", gender: .unknown, email: "", age: 1, country: "ZZ",
            cellphone: nil, photo: nil)
        await #expect(throws: Fizzle.saveFailed) {
            try await db.savePersons(changed + [poison]) { _ in }
        }
        #expect(try await db.countPersons() == 20)
        #expect(try await db.readPerson(id: "id-000000").name == people(20)[0].name)
    }

    @Test("batches that fail midway store nothing, not even the batches before the failure")
    func failingBatchesStoreNothing() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        try await db.savePersons(people(5)) { _ in }
        let (stream, continuation) = AsyncStream.makeStream(of: Result<PersonBatch, Fizzle>.self)
        continuation.yield(.success(PersonBatch(people: people(40))))
        continuation.yield(.failure(.unreadableDownload))
        continuation.finish()
        await #expect(throws: Fizzle.unreadableDownload) {
            try await db.savePersons(PersonBatches(stream), expected: 80) { _ in }
        }
        #expect(try await db.countPersons() == 5)
    }

    @Test("batches stored as they arrive are all stored, in one transaction")
    func batchesAreStored() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        let everyone = people(250)
        let (stream, continuation) = AsyncStream.makeStream(of: Result<PersonBatch, Fizzle>.self)
        let producer = Task {
            for start in stride(from: 0, to: 250, by: 50) {
                try? await Task.sleep(for: .milliseconds(5))
                continuation.yield(.success(PersonBatch(people: Array(everyone[start..<(start + 50)]))))
            }
            continuation.finish()
        }
        let report = try await db.savePersons(PersonBatches(stream), expected: 250) { _ in }
        await producer.value
        #expect(report == SyncReport(inserted: 250, updated: 0))
        #expect(try await db.countPersons() == 250)
    }

    @Test("an unknown id is not found")
    func notFound() async throws {
        let file = TemporaryDatabase()
        await #expect(throws: Fizzle.notFound("nope")) {
            try await PersonDBWorker(path: file.path).readPerson(id: "nope")
        }
    }

    @Test("another process's commit is heard once, within the watch interval; this worker's own are not heard")
    func othersCommitsHeard() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path, watchInterval: .milliseconds(50))
        let heard = Heard()
        let changes = db.changes()
        let listening = Task { for await _ in changes { heard.add() } }
        defer { listening.cancel() }
        // Long enough for the poll to read its first version, many intervals.
        try await Task.sleep(for: .milliseconds(300))
        try await db.savePersons(people(2)) { _ in }
        try await db.saveSwitch(.isRegion, isOn: false)
        var edited = people(2)[0]
        edited.name = "Edited Here"
        _ = try await db.editPerson(id: edited.id, PersonDraft(edited))
        try await db.deletePerson(id: edited.id)
        try await Task.sleep(for: .milliseconds(500))
        #expect(heard.value == 0, "whoever writes here reads what the write changed")

        try await DatabaseQueue(path: file.path).write { other in
            try other.execute(sql: "INSERT INTO setting (key, value) VALUES ('isUsername', 0)")
        }
        try await heard.wait(for: 1)
        try await Task.sleep(for: .milliseconds(500))
        #expect(heard.value == 1, "another process's commit, once")
    }

    @Test("how the last exchange ended is kept across a reopening, before any link; what no app writes is not shown")
    func lastExchangeKept() async throws {
        let file = TemporaryDatabase()
        let failed = AddressBookStatus.Exchange(
            at: 1_795_000_000, outcome: "The address book did not answer.", succeeded: false)
        try await PersonDBWorker(path: file.path).recordExchange(failed)
        let reopened = try await PersonDBWorker(path: file.path).readAddressBookStatus()
        #expect(reopened.lastExchange == failed && reopened.collection == nil)
        #expect(failed.summary == "Last exchange 2026-11-18 11:06:40 UTC failed: The address book did not answer.")
        for (key, value) in [("exchanged_at", "-5"), ("exchanged_at", "soon"), ("exchange_succeeded", "yes")] {
            try await PersonDBWorker(path: file.path).recordExchange(failed)
            try await DatabaseQueue(path: file.path).write { db in
                try db.execute(sql: "UPDATE address_book SET value = ? WHERE key = ?", arguments: [value, key])
            }
            #expect(
                try await PersonDBWorker(path: file.path).readAddressBookStatus().lastExchange == nil, "\(key) \(value)"
            )
        }
    }

    @Test("fly needs wings")
    func fly() async throws {
        let file = TemporaryDatabase()
        let db = try PersonDBWorker(path: file.path)
        #expect(try await db.fly(isWing: true) == "WING")
        await #expect(throws: Fizzle.notFly) { try await db.fly(isWing: false) }
    }
}

/// Values a callback collects from any thread.
final class Seen: Sendable {
    private let storage = NIOLockedValueBox<[Int]>([])
    func append(_ value: Int) { storage.withLockedValue { $0.append(value) } }
    var values: [Int] { storage.withLockedValue { $0 } }
}

/// How many change signals a test heard.
final class Heard: Sendable {
    private let heard = NIOLockedValueBox(0)
    func add() { heard.withLockedValue { $0 += 1 } }
    var value: Int { heard.withLockedValue { $0 } }

    /// Waits, at most 120 seconds, until `count` signals are heard.
    func wait(for count: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while value < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
    }
}
