/// What a push of one person did, for the database worker to record: their card now, the person
/// as read to be sent, and what a merge with a card changed there made of them.
///
/// ```swift
/// try await db.recordPush(CardPush(id: ada.id, sent: ada, card: card))
/// ```
public struct CardPush: Equatable, Sendable {
    /// The person's id.
    public let id: Person.ID
    /// The person as read to be sent; `nil` for a deletion.
    public let sent: Person?
    /// Their card now; `nil` when they have none (deleted on both sides).
    public let card: AddressCard?
    /// What a merge with the card changed there made of them, stored unless they changed here
    /// since `sent` was read; `nil` when there was no merge, or it kept them as sent.
    public let merged: Person?
    /// The fields the merge found changed on both sides: the address book's values, which wait
    /// for the user.
    public let conflicts: [PersonConflict]

    /// A push of these.
    public init(
        id: Person.ID, sent: Person?, card: AddressCard?, merged: Person? = nil, conflicts: [PersonConflict] = []
    ) {
        self.id = id
        self.sent = sent
        self.card = card
        self.merged = merged
        self.conflicts = conflicts
    }
}

/// What storing a pull did: how many people it changed, added or deleted here, how many
/// deletions wait for the user's say (``DeletionGuard``), of how many people linked.
public struct StoredPull: Equatable, Sendable {
    /// People changed, added or deleted here.
    public let stored: Int
    /// Deletions held for the user's say, this pull's and those held before.
    public let held: Int
    /// The people linked with the address book before the pull.
    public let linked: Int

    /// A pull stored as given.
    public init(stored: Int, held: Int, linked: Int) {
        self.stored = stored
        self.held = held
        self.linked = linked
    }
}
