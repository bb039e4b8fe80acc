import NIOConcurrencyHelpers
import Persons

/// A database worker that records every call it receives and answers from memory, with
/// failures on demand: for use case tests that compare the calls a use case made.
public final class RecordingDB: PersonDBWork {
    /// A call the worker received.
    public enum Call: Equatable, Sendable {
        case readMetas(PageRequest)
        case readPerson(Person.ID)
        case savePersons([Person.ID])
        case countPersons
        case readSwitches
        case saveSwitch(Switches.Name, isOn: Bool)
        case editPerson(Person)
        case addPerson(Person)
        case deletePerson(Person.ID)
        case resolveConflict(Person.ID, PersonField, PersonConflict.Choice)
        case fly(isWing: Bool)
    }

    private struct Memory {
        var calls: [Call] = []
        var people: [Person] = []
        var switches = Switches()
        var failures: [String: Fizzle] = [:]
        var changes: [AsyncStream<Void>.Continuation] = []
        var plan: SyncPlan?
        var conflicts: [Person.ID: [PersonConflict]] = [:]
        var holdSwitchReads: (@Sendable (_ isRead: Bool) async -> Void)?
    }

    private let memory: NIOLockedValueBox<Memory>
    /// Progress values reported while saving, per mille.
    public let progressSteps: [Int]

    /// Creates a worker holding `people` and `switches`.
    public init(people: [Person] = [], switches: Switches = Switches(), progressSteps: [Int] = [500, 1_000]) {
        memory = NIOLockedValueBox(Memory(people: people, switches: switches))
        self.progressSteps = progressSteps
    }

    /// Every call so far (since ``forgetCalls()``), in order.
    public var calls: [Call] { memory.withLockedValue { $0.calls } }

    /// Starts ``calls`` afresh: a test compares the calls its use case made, not those made
    /// while the vessel was getting ready.
    public func forgetCalls() {
        memory.withLockedValue { $0.calls = [] }
    }
    /// The people stored.
    public var people: [Person] { memory.withLockedValue { $0.people } }

    /// Makes the next call named `method` (e.g. "savePersons") throw `fizzle`.
    public func fail(_ method: String, with fizzle: Fizzle) {
        memory.withLockedValue { $0.failures[method] = fizzle }
    }

    /// Nothing can be saved once `fail("checkWritable", ...)` said why.
    public func checkWritable() throws(Fizzle) {
        if let failure = memory.withLockedValue({ $0.failures["checkWritable"] }) { throw failure }
    }

    /// Tells every `changes()` stream that another process committed, as the real worker does
    /// for a commit it did not make.
    public func signalOthersCommit() {
        for continuation in memory.withLockedValue({ $0.changes }) { continuation.yield() }
    }

    /// Recorded; answered from memory.
    public func readMetas(_ request: PageRequest) async throws(Fizzle) -> MetaPage {
        let people = try record(.readMetas(request), "readMetas") { $0.people }
        return Samples.page(of: people, request)
    }

    /// Recorded; answered from memory.
    public func readPerson(id: Person.ID) async throws(Fizzle) -> Person {
        let person = try record(.readPerson(id), "readPerson") { memory in memory.people.first { $0.id == id } }
        guard let person else { throw .notFound(id) }
        return person
    }

    /// The newest sync's plan, as stored with its pages.
    public var plan: SyncPlan? { memory.withLockedValue { $0.plan } }

    /// Recorded once the batches are in; answered from memory, with `plan` kept if given.
    public func savePersons(
        _ batches: PersonBatches, expected: Int, recording plan: SyncPlan?,
        progress: @escaping @Sendable (Int) -> Void
    ) async throws(Fizzle) -> SyncReport {
        var persons: [Person] = []
        var skipped = SkippedRecords()
        var seen: Set<Person.ID> = []
        for try await batch in batches {
            skipped.add(batch.skipped)
            for person in batch.people {
                if seen.insert(person.id).inserted { persons.append(person) } else { skipped.add(.duplicateID) }
            }
        }
        let inserted = try record(.savePersons(persons.map(\.id)), "savePersons") { memory in
            let known = Set(memory.people.map(\.id))
            memory.people.removeAll { person in seen.contains(person.id) }
            memory.people += persons
            if let plan { memory.plan = plan }
            return persons.count { !known.contains($0.id) }
        }
        progressSteps.forEach(progress)
        return SyncReport(inserted: inserted, updated: persons.count - inserted, skipped: skipped)
    }

    /// Recorded; replaces the person in memory.
    public func editPerson(_ person: Person) async throws(Fizzle) -> Person {
        let found = try record(.editPerson(person), "editPerson") { memory in
            guard let index = memory.people.firstIndex(where: { $0.id == person.id }) else { return false }
            memory.people[index] = person
            return true
        }
        guard found else { throw .notFound(person.id) }
        return person
    }

    /// Recorded; kept in memory.
    public func addPerson(_ person: Person) async throws(Fizzle) {
        try record(.addPerson(person), "addPerson") { $0.people.append(person) }
    }

    /// Recorded; taken out of memory.
    public func deletePerson(id: Person.ID) async throws(Fizzle) {
        let found = try record(.deletePerson(id), "deletePerson") { memory in
            let before = memory.people.count
            memory.people.removeAll { $0.id == id }
            return memory.people.count < before
        }
        guard found else { throw .notFound(id) }
    }

    /// Not kept by this double: no address book is linked, and nobody waits to be sent.
    public func readAddressBook(for collection: String) async throws(Fizzle) -> AddressBookLinks {
        AddressBookLinks(collection: collection, isLinked: false)
    }
    /// Not kept by this double.
    public func recordPush(_ push: CardPush) async throws(Fizzle) {}
    /// Not kept by this double.
    public func recordSetAside(_ id: Person.ID, reason: String) async throws(Fizzle) {}
    /// Not kept by this double.
    public func recordFirstExchange(
        with collection: String, pushes: [CardPush], setAside: [Person.ID: String], pull: AddressBookPull
    ) async throws(Fizzle) {}
    /// Not kept by this double: nothing held.
    public func settleHeldDeletions(accept: Bool) async throws(Fizzle) -> Int { 0 }
    /// Not kept by this double.
    public func recordExchange(_ exchange: AddressBookStatus.Exchange) async throws(Fizzle) {}
    /// Not kept by this double: nothing waits.
    public func readAddressBookStatus() async throws(Fizzle) -> AddressBookStatus { AddressBookStatus() }
    /// Not kept by this double: nobody deleted is kept.
    public func readDeleted() async throws(Fizzle) -> [DeletedPerson] { [] }
    /// Not kept by this double: nobody deleted is kept.
    public func restorePerson(id: Person.ID) async throws(Fizzle) -> Person { throw .notDeleted(id) }

    /// Keeps `conflicts` for the person `id`, as a merge with the address book would (for a test
    /// of the choice).
    public func hold(_ conflicts: [PersonConflict], of id: Person.ID) {
        memory.withLockedValue { $0.conflicts[id] = conflicts }
    }

    /// Answered from memory.
    public func readConflicts(id: Person.ID) async throws(Fizzle) -> [PersonConflict] {
        memory.withLockedValue { $0.conflicts[id] ?? [] }
    }

    /// Recorded; the conflict taken out of memory and, for `.there`, its value saved on the person.
    public func resolveConflict(
        _ id: Person.ID, _ field: PersonField, keeping choice: PersonConflict.Choice
    ) async throws(Fizzle) -> Person {
        let person = try record(.resolveConflict(id, field, choice), "resolveConflict") { memory -> Person? in
            guard let conflict = memory.conflicts[id]?.first(where: { $0.field == field }),
                let index = memory.people.firstIndex(where: { $0.id == id })
            else { return nil }
            memory.conflicts[id]?.removeAll { $0.field == field }
            if choice == .there { field.set(conflict.there, on: &memory.people[index]) }
            return memory.people[index]
        }
        guard let person else { throw .noConflict(field) }
        return person
    }
    /// Not kept by this double.
    public func recordPull(_ pull: AddressBookPull, holding held: [Person.ID]) async throws(Fizzle) -> StoredPull {
        StoredPull(stored: 0, held: 0, linked: 0)
    }

    /// The stored people's photos, from memory.
    public func photoAddresses() async throws(Fizzle) -> [String] {
        memory.withLockedValue { Array(Set($0.people.compactMap(\.photo))).sorted() }
    }

    /// Answered from memory.
    public func readSyncPlan() async throws(Fizzle) -> SyncPlan? {
        memory.withLockedValue { $0.plan }
    }

    /// Recorded; answered from memory.
    public func countPersons() async throws(Fizzle) -> Int {
        try record(.countPersons, "countPersons") { $0.people.count }
    }

    /// Recorded; answered from memory, held where ``holdSwitchReads(_:)`` says.
    public func readSwitches() async throws(Fizzle) -> Switches {
        let hold = memory.withLockedValue { $0.holdSwitchReads }
        await hold?(false)
        let switches = try record(.readSwitches, "readSwitches") { $0.switches }
        await hold?(true)
        return switches
    }

    /// Runs `hold` in every read of the switches from now on, before it takes their value
    /// (`false`) and after (`true`): for a test that puts something between the two, or between
    /// a read and what the caller does with it.
    ///
    /// ```swift
    /// db.holdSwitchReads { isRead in if isRead { await gate.wait() } }
    /// ```
    public func holdSwitchReads(_ hold: @escaping @Sendable (_ isRead: Bool) async -> Void) {
        memory.withLockedValue { $0.holdSwitchReads = hold }
    }

    /// Recorded; kept in memory.
    public func saveSwitch(_ name: Switches.Name, isOn: Bool) async throws(Fizzle) {
        try record(.saveSwitch(name, isOn: isOn), "saveSwitch") { $0.switches[name] = isOn }
    }

    /// Recorded; answered from memory.
    public func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        memory.withLockedValue { $0.changes.append(continuation) }
        return stream
    }

    /// Recorded; answered from memory.
    public func fly(isWing: Bool) async throws(Fizzle) -> String {
        try record(.fly(isWing: isWing), "fly") { _ in }
        guard isWing else { throw .notFly }
        return "WING"
    }

    /// Records `call`, throws the failure planned for `method` if any, else runs `body`.
    private func record<Result>(
        _ call: Call, _ method: String, _ body: (inout Memory) -> Result
    ) throws(Fizzle)
        -> Result
    {
        let outcome: Swift.Result<Result, Fizzle> = memory.withLockedValue { memory in
            memory.calls.append(call)
            if let failure = memory.failures.removeValue(forKey: method) { return .failure(failure) }
            return .success(body(&memory))
        }
        return try outcome.get()
    }
}
