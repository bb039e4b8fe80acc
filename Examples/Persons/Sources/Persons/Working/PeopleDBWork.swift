/// What the database worker does with the people: stores them (a sync's pages, an edit, an
/// addition, a deletion and its undoing), reads one, and says how many there are and when another
/// process wrote. Part of ``PersonDBWork``.
///
/// ```swift
/// let jane = try await db.readPerson(id: "p1")
/// ```
public protocol PeopleDBWork: Sendable {
    /// The person with this id; ``Fizzle/notFound(_:)`` if there is none.
    func readPerson(id: Person.ID) async throws(Fizzle) -> Person
    /// Inserts or updates people (by id) as their batches arrive, all in one transaction, with
    /// `plan` as the newest sync's if given (a page of it is stored with its people, or neither
    /// is): if the batches fail, nothing is stored. A person whose id came earlier in the same
    /// batches is skipped, not stored twice. Reports per mille of `expected` people written and
    /// returns what was stored and skipped, with the batches' own skipped records added.
    func savePersons(
        _ batches: PersonBatches, expected: Int, recording plan: SyncPlan?,
        progress: @escaping @Sendable (Int) -> Void
    ) async throws(Fizzle) -> SyncReport
    /// Saves the fields a draft edited here gives over the person stored with the id, in one
    /// transaction (one read of them, one write), and returns them as they were and as saved. Each field that
    /// differs from what was stored is kept as edited here: a later sync leaves it as it is (see
    /// ``PersonField``). ``Fizzle/notFound(_:)`` if no person has the id,
    /// ``Fizzle/invalidPerson(_:)`` with what to fix if the draft is refused (nothing saved).
    func editPerson(id: Person.ID, _ draft: PersonDraft) async throws(Fizzle) -> PersonEdit
    /// Stores a person added here, every field kept as edited here.
    func addPerson(_ person: Person) async throws(Fizzle)
    /// Deletes the person with this id, in one transaction: kept among the deleted a while, to be
    /// brought back (``restorePerson(id:)``), and a later sync does not bring them back.
    /// ``Fizzle/notFound(_:)`` if no person has the id.
    func deletePerson(id: Person.ID) async throws(Fizzle)
    /// The people deleted in the last ``DeletedPerson/keptDays`` days, here or by the address
    /// book, newest first.
    func readDeleted() async throws(Fizzle) -> [DeletedPerson]
    /// Brings back a person deleted in the last ``DeletedPerson/keptDays`` days, as they were, in
    /// one transaction (an address book linked gets them at the next exchange);
    /// ``Fizzle/notDeleted(_:)`` if there is none.
    func restorePerson(id: Person.ID) async throws(Fizzle) -> Person
    /// The newest sync's plan, if a sync ever stored a page.
    func readSyncPlan() async throws(Fizzle) -> SyncPlan?
    /// The addresses of the people's photos, each once.
    func photoAddresses() async throws(Fizzle) -> [String]
    /// How many people are stored.
    func countPersons() async throws(Fizzle) -> Int
    /// Throws why nothing can be saved, if so: ``Fizzle/readOnlyDatabase(_:)`` for a file that
    /// can only be read.
    func checkWritable() throws(Fizzle)
    /// A signal for each commit this process did not make (another process's, or the file
    /// replaced), for queries to read again what they show: this process's own writes are read
    /// by whoever wrote. A signal not yet taken is merged with the next, never dropped.
    func changes() -> AsyncStream<Void>
    /// The demo action's database half: "WING", or ``Fizzle/notFly`` without wings.
    func fly(isWing: Bool) async throws(Fizzle) -> String
}

extension PeopleDBWork {
    /// Inserts or updates people (by id) as their batches arrive, all in one transaction.
    ///
    /// ```swift
    /// let report = try await db.savePersons(batches, expected: 100) { permille in print(permille) }
    /// ```
    public func savePersons(
        _ batches: PersonBatches, expected: Int, progress: @escaping @Sendable (Int) -> Void
    ) async throws(Fizzle) -> SyncReport {
        try await savePersons(batches, expected: expected, recording: nil, progress: progress)
    }

    /// Inserts or updates these people (by id) in one transaction.
    ///
    /// ```swift
    /// let report = try await db.savePersons(people) { permille in print(permille) }
    /// ```
    @discardableResult
    public func savePersons(
        _ persons: [Person], progress: @escaping @Sendable (Int) -> Void
    ) async throws(Fizzle) -> SyncReport {
        try await savePersons(PersonBatches(persons), expected: persons.count, progress: progress)
    }
}
