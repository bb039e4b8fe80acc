/// What the database worker keeps of the address book: the cards as last agreed, the outbox,
/// what was set aside or held, and the fields changed on both sides; each exchange's outcome is
/// recorded in one transaction. (``AddressBookWork`` is the other half: the server.) Part of
/// ``PersonDBWork``.
///
/// ```swift
/// let links = try await db.readAddressBook(for: book.collection)
/// ```
public protocol AddressBookDBWork: Sendable {
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
    /// Stores what a pull brought, as the exchange's ``AddressBookPlan`` took it, in one
    /// transaction: each person with their card (every field kept as edited here, so the
    /// directory's sync does not undo them), each id deleted there deleted here (kept a while
    /// among the deleted, and not brought back by the directory), the cards with another card's
    /// UID, the cards that are no person (named until they change) and those read again, the
    /// token to pull from next (none: forgotten), the deletions `held` for the user's say
    /// (``settleHeldDeletions(accept:)``), and those held before that are `released` (listed
    /// there again). A person waiting in the outbox, or with two cards, is left as it is here.
    func recordPull(
        _ pull: AddressBookPull, holding held: [Person.ID], releasing released: [Person.ID]
    ) async throws(Fizzle) -> StoredPull
    /// Settles the deletions a pull held, in one transaction: `accept` deletes those people here;
    /// otherwise their cards go back to the address book at the next exchange, as they were at
    /// their address. Returns how many.
    func settleHeldDeletions(accept: Bool) async throws(Fizzle) -> Int
    /// Keeps how the last exchange ended, in place of the one before, for screens and `pure
    /// carddav status` to show, and counts it among the exchanges the deletion guard looks back
    /// over.
    func recordExchange(_ exchange: AddressBookStatus.Exchange) async throws(Fizzle)
    /// What the address book's exchange keeps waiting, for screens to show.
    func readAddressBookStatus() async throws(Fizzle) -> AddressBookStatus
}
