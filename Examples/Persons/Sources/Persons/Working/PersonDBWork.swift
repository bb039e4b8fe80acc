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
    /// Deletes the person with this id, in one transaction; a later sync does not bring them
    /// back. ``Fizzle/notFound(_:)`` if no person has the id.
    func deletePerson(id: Person.ID) async throws(Fizzle)
    /// What is kept of the address book: its collection, token, cards and outbox.
    func readAddressBook() async throws(Fizzle) -> AddressBookLinks
    /// Links the people here with the address book at `collection`, in one transaction: when it
    /// is not the one linked, every card and the token are forgotten and every person stored
    /// waits in the outbox (a first sync merges both sides).
    func linkAddressBook(_ collection: String) async throws(Fizzle)
    /// Records a push of the person `id`, in one transaction: their card is now `card` (`nil`:
    /// they have none, deleted on both sides); `merged` (a merge with the server's card) is
    /// stored as the person unless they changed here since `sent`, the person as it was read to
    /// send (`nil` for a deletion); `conflicts` (the merge's fields changed on both sides) wait
    /// for the user, each replacing the one of its field; and they leave the outbox unless they
    /// are now other than what the server has.
    func recordPush(
        _ id: Person.ID, sent: Person?, card: AddressCard?, merged: Person?, conflicts: [PersonConflict]
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
    /// deleted here (and not brought back by the directory), and the token to pull from next. A
    /// person waiting in the outbox is left as it is here, for the next push to merge. Returns how
    /// many people were changed, added or deleted here.
    @discardableResult
    func recordPull(
        _ pulled: [(person: Person, card: AddressCard)], deleted: [Person.ID], token: String?
    ) async throws(Fizzle) -> Int
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
    /// What each committed change of the people or the switches changed, once per commit, for
    /// queries to read again what they show of it. A change not yet read is merged with the next,
    /// never dropped.
    func changes() -> AsyncStream<StoredChanges>
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
