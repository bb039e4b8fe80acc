import Persons

// How one step of an exchange's plan runs itself against the address book, as vdirsyncer's
// actions do: the plan decided what is done with the person, and the step does that and nothing
// else. Where the server answers that the card changed since it was read (its ETag), the step
// merges with the card as it is now rather than writing over it; where the person changed here
// since the plan was made (deleted, or brought back), it does nothing, and they wait in the
// outbox for the next exchange, planned again.
extension AddressBookPlan.Action {
    /// Runs the step against `book`, reading the person as stored now from `db`, and adds what
    /// it sent to `sent`. Returns what to record; `nil` when there is nothing to record because
    /// the person changed here since the plan was made, or the step sends nothing.
    ///
    /// ```swift
    /// for action in plan.actions where action.step.isPush {
    ///     if let push = try await action.run(with: book, reading: db, counting: &sent) {
    ///         try await db.recordPush(push)
    ///     }
    /// }
    /// ```
    func run(
        with book: any AddressBookWork, reading db: any PersonDBWork, counting sent: inout AddressBookReport.Sent
    ) async throws(Fizzle) -> CardPush? {
        let person = try await Self.stored(id, in: db)
        switch (step, person) {
        case (.create, let person?):
            return try await Self.create(person, returning: returning, with: book, counting: &sent)
        case (.update, let person?):
            guard let card else { return nil }
            return try await Self.update(person, over: card, with: book, counting: &sent)
        case (.merge, let person?):
            guard let there else { return nil }
            return try await Self.merge(
                person, base: card.flatMap(book.person(in:)), over: there, with: book, counting: &sent)
        case (.deleteThere, nil):
            guard let card else { return nil }
            return try await Self.delete(id, card, with: book, counting: &sent)
        case (.comeBack, nil):
            guard let there, let theirs = book.person(in: there) else { return nil }
            sent.kept.append(id)
            return CardPush(id: id, sent: nil, card: there, merged: theirs)
        case (.forget, nil):
            return CardPush(id: id, sent: nil, card: nil)
        default:
            return nil
        }
    }

    /// Writes `person` over their `card` on the condition of its ETag; when the card changed
    /// there meanwhile, merges with it as it is now (made again if it was deleted there: the edit
    /// here is not lost).
    private static func update(
        _ person: Person, over card: AddressCard, with book: any AddressBookWork,
        counting sent: inout AddressBookReport.Sent
    ) async throws(Fizzle) -> CardPush {
        do {
            let written = try await book.update(person, over: card)
            sent.changed += 1
            return CardPush(id: person.id, sent: person, card: written)
        } catch  where error.isCardChanged {
            let merged = try await mergeWithCardNow(person, base: card, at: card.href, with: book, counting: &sent)
            guard let merged else { return try await create(person, returning: card, with: book, counting: &sent) }
            return merged
        }
    }

    /// Deletes the card of `id` on the condition of its ETag; when it changed there meanwhile,
    /// that edit is not lost: the person comes back here.
    private static func delete(
        _ id: Person.ID, _ card: AddressCard, with book: any AddressBookWork,
        counting sent: inout AddressBookReport.Sent
    ) async throws(Fizzle) -> CardPush {
        do {
            try await book.delete(card, of: id)
            sent.deleted += 1
            return CardPush(id: id, sent: nil, card: nil)
        } catch  where error.isCardChanged {
            guard let theirs = try await book.card(of: id, at: card.href) else {
                return CardPush(id: id, sent: nil, card: nil)
            }
            sent.kept.append(id)
            return CardPush(id: id, sent: nil, card: theirs.card, merged: theirs.person)
        }
    }

    /// Makes the card of `person` (the card they had, `returning`, again, as it was, when they
    /// were brought back); when one is where it goes (the server's own, or this one, sent before
    /// the app stopped), merges with it instead.
    private static func create(
        _ person: Person, returning: AddressCard?, with book: any AddressBookWork,
        counting sent: inout AddressBookReport.Sent
    ) async throws(Fizzle) -> CardPush {
        do {
            let card = try await book.create(person, returning: returning)
            sent.created += 1
            return CardPush(id: person.id, sent: person, card: card)
        } catch  where error.isCardChanged {
            let merged = try await mergeWithCardNow(
                person, base: returning, at: returning?.href, with: book, counting: &sent)
            guard let merged else { throw error }
            return merged
        }
    }

    /// Merges `person` with their card as the server has it now at `href` (where a new one goes,
    /// when `nil`), from `base`, the card as last agreed; `nil` when there is no card there.
    private static func mergeWithCardNow(
        _ person: Person, base: AddressCard?, at href: String?, with book: any AddressBookWork,
        counting sent: inout AddressBookReport.Sent
    ) async throws(Fizzle) -> CardPush? {
        guard let now = try await book.card(of: person.id, at: href) else { return nil }
        return try await merge(
            person, base: base.flatMap(book.person(in:)), over: now.card, with: book, counting: &sent)
    }

    /// Merges `here` with the server's `card` of them, from `base` (as last agreed; `nil` for a
    /// first exchange), writes the merge over it, and returns what to record: the server's value
    /// of each field changed on both sides kept for the user to choose. A card that holds another
    /// person's UID is not theirs: the person is set aside.
    private static func merge(
        _ here: Person, base: Person?, over card: AddressCard, with book: any AddressBookWork,
        counting sent: inout AddressBookReport.Sent
    ) async throws(Fizzle) -> CardPush {
        guard let there = book.person(in: card), there.id == here.id else {
            throw .cardRefused(
                here.id, reason: "The card where theirs goes (\(card.href.suffix(80))) is not this person's.")
        }
        let (merged, both) = Self.merged(base: base, here: here, there: there)
        let isTheirs = PersonField.allCases.allSatisfy { $0.text(of: merged) == $0.text(of: there) }
        let written = isTheirs ? card : try await book.update(merged, over: card)
        sent.merged += 1
        sent.bothChanged += both.count
        if merged != here { sent.broughtIn += 1 }
        return CardPush(
            id: here.id, sent: here, card: written, merged: merged == here ? nil : merged,
            conflicts: both.map { PersonConflict(field: $0, there: $0.text(of: there)) })
    }

    /// `here` and `there` merged field by field from `base` (the person the card held as last
    /// agreed): a field changed on one side only takes that side's value; one changed on both
    /// sides to different values keeps this app's until the user chooses, and is returned among
    /// the fields changed on both sides. Without a base (a first exchange, a card found where a
    /// new one goes) every field that differs is changed on both sides.
    static func merged(base: Person?, here: Person, there: Person) -> (Person, [PersonField]) {
        var merged = here
        var both: [PersonField] = []
        for field in PersonField.allCases {
            let (mine, theirs) = (field.text(of: here), field.text(of: there))
            guard mine != theirs else { continue }
            switch base.map(field.text(of:)) {
            case theirs?: continue
            case mine?: field.set(theirs, on: &merged)
            default: both.append(field)
            }
        }
        return (merged, both)
    }

    /// The person `id` as stored, or `nil` if there is none.
    private static func stored(_ id: Person.ID, in db: any PersonDBWork) async throws(Fizzle) -> Person? {
        do {
            return try await db.readPerson(id: id)
        } catch  where error.isNotFound {
            return nil
        }
    }
}
