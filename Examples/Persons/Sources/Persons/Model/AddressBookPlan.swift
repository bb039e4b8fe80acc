/// What one exchange with the address book does with each person, decided before anything is
/// sent or stored: from the links as last agreed (the cards, the outbox, what was held), the
/// people of the outbox deleted here, and what the server's listing found changed, deleted or
/// doubled since. The rules of the exchange are this one table; each step then runs itself as
/// planned (``Action``), and the database worker records how each went.
///
/// | here                 | there                  | step           |
/// |----------------------|------------------------|----------------|
/// | two cards, one UID   | anything               | ``Step/leave`` |
/// | changed, no card     | none                   | ``Step/create`` |
/// | changed, no card     | a card of their UID    | ``Step/merge`` (no base) |
/// | changed              | unchanged              | ``Step/update`` |
/// | changed              | changed                | ``Step/merge`` |
/// | changed              | deleted                | ``Step/create`` (the edit is not lost) |
/// | deleted              | unchanged              | ``Step/deleteThere`` |
/// | deleted              | changed, or a card of their UID | ``Step/comeBack`` (that edit is not lost) |
/// | deleted              | deleted, or never sent | ``Step/forget`` |
/// | unchanged            | changed                | ``Step/take`` |
/// | unchanged            | deleted                | ``Step/deleteHere``, or ``Step/ask`` when the ``DeletionGuard`` asks (counting the pulls' deletions lately) |
/// | held for the user    | listed again, unchanged | ``Step/listedAgain`` (changed here: as changed) |
/// | held for the user    | not listed             | ``Step/ask`` |
///
/// ```swift
/// let plan = AddressBookPlan(links: links, listing: pull, guarding: DeletionGuard())
/// plan.step(of: "p1")   // .update
/// ```
public struct AddressBookPlan: Equatable, Sendable {
    /// What the exchange does with one person.
    public enum Step: String, Equatable, Sendable, CaseIterable {
        /// Changed here, no card there: made there.
        case create
        /// Changed here only: written over the card as last agreed.
        case update
        /// Changed on both sides (or a first exchange finds their card): merged field by field,
        /// written there, the values changed on both sides kept for the user.
        case merge
        /// Deleted here, unchanged there: deleted there.
        case deleteThere
        /// Deleted here, changed there: their card comes back here.
        case comeBack
        /// Deleted on both sides, or here before it was ever sent: nothing to send.
        case forget
        /// Changed there only: stored here.
        case take
        /// Deleted there, unchanged here: deleted here (kept a while among the deleted).
        case deleteHere
        /// Deleted there, one of too many at once: nobody is deleted, and the user is asked.
        case ask
        /// Two cards there hold their UID: left alone on both sides until one is left.
        case leave
        /// Held for the user, and listed there again as it was: the question is dropped.
        case listedAgain

        /// Whether the step sends something to the server, or settles the outbox.
        public var isPush: Bool { [.create, .update, .merge, .deleteThere, .comeBack, .forget].contains(self) }
    }

    /// One person's step, with what it runs on: the card as last agreed, the card the listing
    /// read there, and the card a person brought back had. The vessel runs it as it is (see
    /// `AddressBookPlan.Action.run` in PersonsVessel); nothing decides it again.
    public struct Action: Equatable, Sendable {
        /// The person's id.
        public let id: Person.ID
        /// What is done with them.
        public let step: Step
        /// Their card as last agreed, if they have one.
        public let card: AddressCard?
        /// Their card as the listing read it, when it changed there.
        public let there: AddressCard?
        /// The card they had, when they were brought back after it was deleted there.
        public let returning: AddressCard?
    }

    /// Every person's step: the outbox's first, in the order the changes were made, then the
    /// listing's, by id.
    public private(set) var actions: [Action]

    /// The plan with the people `waiting` left alone where it would create or update their card:
    /// what they changed stays in the outbox for a later exchange (a check leaves the people the
    /// address book refused to the exchanges that try them again, not to every check).
    ///
    /// ```swift
    /// let plan = planned.leaving(Set(links.setAside.keys))
    /// ```
    public func leaving(_ waiting: Set<Person.ID>) -> AddressBookPlan {
        var plan = self
        plan.actions = actions.map { action in
            guard waiting.contains(action.id), [.create, .update].contains(action.step) else { return action }
            return Action(
                id: action.id, step: .leave, card: action.card, there: action.there, returning: action.returning)
        }
        return plan
    }

    /// The plan for `links` and the server's `listing` since them, the deletions there checked
    /// by `deletions`.
    public init(links: AddressBookLinks, listing: AddressBookPull, guarding deletions: DeletionGuard) {
        let doubled = Set(listing.duplicates.values)
        let cardsThere = Dictionary(
            listing.changed.map { ($0.person.id, $0.card) }, uniquingKeysWith: { first, _ in first })
        let changed = Set(cardsThere.keys)
        let deletedThere = Set(listing.deleted)
        let waiting = Set(links.outbox)
        let held = Set(links.held)
        var actions: [Action] = []
        for id in links.outbox {
            let step: Step
            if doubled.contains(id) {
                step = .leave
            } else if held.contains(id), !changed.contains(id), !listing.listedAgain.contains(id) {
                step = .ask
            } else if links.deleted.contains(id) {
                step =
                    changed.contains(id)
                    ? .comeBack : links.cards[id] == nil || deletedThere.contains(id) ? .forget : .deleteThere
            } else if changed.contains(id) {
                step = .merge
            } else if links.cards[id] == nil || deletedThere.contains(id) {
                step = .create
            } else {
                step = .update
            }
            actions.append(
                Action(id: id, step: step, card: links.cards[id], there: cardsThere[id], returning: links.returning[id])
            )
        }
        let theirs = changed.union(deletedThere).union(held).union(doubled).subtracting(waiting)
        let back = held.intersection(listing.listedAgain).subtracting(deletedThere)
        let gone = deletedThere.union(held).subtracting(waiting).subtracting(changed).subtracting(doubled)
            .subtracting(back)
        let asks = deletions.asks(deleting: gone.count, of: links.cards.count, deletedLately: links.deletedLately)
        for id in theirs.sorted() {
            if doubled.contains(id) {
                actions.append(Action(id: id, step: .leave, card: nil, there: nil, returning: nil))
            } else if changed.contains(id) {
                actions.append(
                    Action(id: id, step: .take, card: links.cards[id], there: cardsThere[id], returning: nil))
            } else if back.contains(id) {
                actions.append(Action(id: id, step: .listedAgain, card: nil, there: nil, returning: nil))
            } else {
                actions.append(
                    Action(
                        id: id, step: asks || held.contains(id) ? .ask : .deleteHere, card: nil, there: nil,
                        returning: nil))
            }
        }
        self.actions = actions
    }

    /// The step of the person `id`; `nil` when the exchange does nothing with them.
    public func step(of id: Person.ID) -> Step? {
        actions.first { $0.id == id }?.step
    }

    /// The ids whose step is `step`, in the plan's order.
    public func ids(_ step: Step) -> [Person.ID] {
        actions.filter { $0.step == step }.map(\.id)
    }
}
