/// What the database worker does for the service: stores people and switches, reads pages.
///
/// Implementations map their own records to the model at their boundary, run every multi-row
/// write in one transaction, log the detail of any failure and throw a ``Fizzle``.
///
/// ```swift
/// let page = try await db.readMetas(PageRequest(search: "ad"))
/// ```
public protocol PersonDBWork: Sendable {
    /// One page of list rows for `request`, with the total that matches.
    func readMetas(_ request: PageRequest) async throws(Fizzle) -> MetaPage
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
    /// Saves a person edited here over the stored one with the same id, in one transaction, and
    /// returns them as stored. Each field that differs from what was stored is kept as edited
    /// here: a later sync leaves it as it is (see ``PersonField``). ``Fizzle/notFound(_:)`` if
    /// no person has the id.
    func editPerson(_ person: Person) async throws(Fizzle) -> Person
    /// Stores a person added here, every field kept as edited here.
    func addPerson(_ person: Person) async throws(Fizzle)
    /// Deletes the person with this id, in one transaction: kept among the deleted a while, to be
    /// brought back (``restorePerson(id:)``), and a later sync does not bring them back.
    /// ``Fizzle/notFound(_:)`` if no person has the id.
    func deletePerson(id: Person.ID) async throws(Fizzle)
    /// What is kept of the address book at `collection` while the people are linked with it
    /// (its token, cards, outbox and what waits for the user); before a first exchange with it,
    /// every person here but the bundled sample's in the outbox, and nothing else.
    func readAddressBook(for collection: String) async throws(Fizzle) -> AddressBookLinks
    /// Records a push of one person, in one transaction: their card, a merge stored unless they
    /// changed here since it was read, the conflicts kept, and the person out of the outbox unless
    /// they are now other than what the server has; nothing about them set aside or held.
    func recordPush(_ push: CardPush) async throws(Fizzle)
    /// Sets a person aside: the address book refused their card alone, for `reason`. They stay in
    /// the outbox, tried again at the next exchange; the others go on.
    func recordSetAside(_ id: Person.ID, reason: String) async throws(Fizzle)
    /// Links the people with the address book at `collection`, once a first exchange with it has
    /// succeeded, in one transaction: the links with any other book go, `pushes` are recorded,
    /// `setAside` kept, and `pull` (the cards of people who are not here) stored.
    func recordFirstExchange(
        with collection: String, pushes: [CardPush], setAside: [Person.ID: String], pull: AddressBookPull
    ) async throws(Fizzle)
    /// The person's fields changed on both sides that wait for the user, in ``PersonField`` order.
    /// A conflict ends when its field's value here changes, or when the person is deleted.
    func readConflicts(id: Person.ID) async throws(Fizzle) -> [PersonConflict]
    /// Ends the conflict on the person's `field` with the user's `choice`, in one transaction:
    /// `.there` saves the address book's value as an edit here (which goes back to the address
    /// book), `.here` keeps the value as it is. Returns the person as stored;
    /// ``Fizzle/notFound(_:)`` if the field has no conflict.
    func resolveConflict(
        _ id: Person.ID, _ field: PersonField, keeping choice: PersonConflict.Choice
    )
        async throws(Fizzle) -> Person
    /// Stores what a pull brought, in one transaction: each person with their card (every field
    /// kept as edited here, so the directory's sync does not undo them), each id deleted there
    /// deleted here (kept a while among the deleted, and not brought back by the directory), the
    /// cards with another card's UID, and the token to pull from next (none: forgotten). A person
    /// waiting in the outbox, or with two cards, is left as it is here. Deletions the guard asks
    /// about delete nobody: they wait for the user's say (``settleHeldDeletions(accept:)``).
    func recordPull(_ pull: AddressBookPull, guarding deletions: DeletionGuard) async throws(Fizzle) -> StoredPull
    /// Settles the deletions a pull held, in one transaction: `accept` deletes those people here;
    /// otherwise they go back to the address book at the next exchange. Returns how many.
    func settleHeldDeletions(accept: Bool) async throws(Fizzle) -> Int
    /// What the address book's exchange keeps waiting, for screens to show.
    func readAddressBookStatus() async throws(Fizzle) -> AddressBookStatus
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
    /// The persisted switches; a switch never saved keeps its default (`Switches()`).
    func readSwitches() async throws(Fizzle) -> Switches
    /// Throws why nothing can be saved, if so: ``Fizzle/readOnlyDatabase(_:)`` for a file that
    /// can only be read.
    func checkWritable() throws(Fizzle)
    /// Persists one switch.
    func saveSwitch(_ name: Switches.Name, isOn: Bool) async throws(Fizzle)
    /// A signal for each commit this process did not make (another process's, or the file
    /// replaced), for queries to read again what they show: this process's own writes are read
    /// by whoever wrote. A signal not yet taken is merged with the next, never dropped.
    func changes() -> AsyncStream<Void>
    /// The demo action's database half: "WING", or ``Fizzle/notFly`` without wings.
    func fly(isWing: Bool) async throws(Fizzle) -> String
}

extension PersonDBWork {
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
