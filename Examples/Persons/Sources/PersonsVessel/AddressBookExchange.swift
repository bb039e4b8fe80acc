import Persons

// How an exchange with the address book carries out its plan (``Persons/AddressBookPlan``), and
// merges a card changed on both sides: the helpers of `syncAddressBook`. A person the server
// refuses alone is set aside and the others go on; a person with two cards there is left alone;
// a pull that would delete too many people deletes nobody and asks; and the people are linked
// with a new book only once a first exchange with it has succeeded.
extension Vessel {
    /// One exchange with `book`: the first links the people with it (``firstExchange(with:_:)``);
    /// later ones list what changed there since the last, plan each person's step, store what
    /// came from there, then send the outbox, oldest first. When cards were made, the book is
    /// listed once more (see ``receive(from:_:)``). Returns what it did.
    func exchange(with book: any AddressBookWork) async throws(Fizzle) -> AddressBookReport {
        let links = try await personDBWork.readAddressBook(for: book.collection)
        guard links.isLinked else { return try await firstExchange(with: book, links) }
        let (listing, plan, stored) = try await receive(from: book, links)
        storage.update { $0.sys.addressBook = .loading(permille: 300) }
        let there = Dictionary(listing.changed.map { ($0.person.id, $0) }, uniquingKeysWith: { first, _ in first })
        let pushes = plan.actions.filter(\.step.isPush)
        var sent = AddressBookReport.Sent()
        var received = stored.stored
        var last = stored
        do throws(Fizzle) {
            for (index, action) in pushes.enumerated() {
                do {
                    let push = try await carry(
                        action, card: links.cards[action.id], there: there[action.id],
                        returning: links.returning[action.id], to: book, counting: &sent)
                    try await personDBWork.recordPush(push)
                } catch {
                    guard let reason = error.cardRefusal else { throw error }
                    logger.warning("address book: set aside \(action.id): \(reason)")
                    try await personDBWork.recordSetAside(action.id, reason: reason)
                    sent.setAside.append(action.id)
                }
                storage.update { $0.sys.addressBook = .loading(permille: 300 + 600 * (index + 1) / pushes.count) }
            }
        } catch {
            // The cards made so far still need a token after them; the failure is what is told.
            if sent.created > 0 {
                _ = try? await receive(from: book, try await personDBWork.readAddressBook(for: book.collection))
            }
            throw error
        }
        if sent.created > 0 {
            let after = try await receive(from: book, try await personDBWork.readAddressBook(for: book.collection))
            received += after.stored.stored
            last = after.stored
        }
        if last.held > 0 { throw .deletionsHeld(last.held, of: last.linked) }
        return AddressBookReport(
            sent: sent, received: received + sent.broughtIn, skipped: listing.skipped,
            duplicated: Set(listing.duplicates.values).count)
    }

    /// Lists what changed in `book` since `links`, plans each person's step, and stores what came
    /// from there (taken, deleted, held for the user's say) with the token to list from next.
    /// Listed again after cards were made here, for a token that follows them: Xandikos names
    /// nothing made and deleted since a token, so one taken before them would never name them
    /// deleted by another client.
    private func receive(
        from book: any AddressBookWork, _ links: AddressBookLinks
    ) async throws(Fizzle) -> (listing: AddressBookPull, plan: AddressBookPlan, stored: StoredPull) {
        let listing = try await book.pull(
            since: links.token, known: links.cards, duplicates: links.duplicates, unread: links.unread)
        let plan = AddressBookPlan(links: links, listing: listing, guarding: deletionGuard)
        var taken = listing
        let (take, gone) = (Set(plan.ids(.take)), Set(plan.ids(.deleteHere)))
        taken.changed = listing.changed.filter { take.contains($0.person.id) }
        taken.deleted = listing.deleted.filter(gone.contains)
        let stored = try await personDBWork.recordPull(
            taken, holding: plan.ids(.ask), releasing: plan.ids(.listedAgain))
        return (listing, plan, stored)
    }

    /// A first exchange with `book` (`links`: everyone here but the sample, in the outbox), known
    /// to be an address book (see `linkedBook(from:)`): every card there is read,
    /// and the plan merges each person here with the card of their UID or makes them one, and
    /// takes the cards of people who are not here. The book is listed once more at the end, for
    /// the token to pull from next (one taken before the cards made here would not name them when
    /// they are deleted: Xandikos names nothing made and deleted since a token) and for what
    /// another client changed meanwhile. The people are linked with the book, in one transaction,
    /// only once all of it has gone through: a failure leaves the links as they were, with this
    /// book or another.
    private func firstExchange(
        with book: any AddressBookWork, _ links: AddressBookLinks
    ) async throws(Fizzle)
        -> AddressBookReport
    {
        let everything = try await book.pull(since: nil, known: [:], duplicates: [:], unread: [])
        let plan = AddressBookPlan(links: links, listing: everything, guarding: deletionGuard)
        let there = Dictionary(
            everything.changed.map { ($0.person.id, $0.card) }, uniquingKeysWith: { first, _ in first })
        var pushes: [CardPush] = []
        var setAside: [Person.ID: String] = [:]
        var sent = AddressBookReport.Sent()
        for (index, action) in plan.actions.enumerated() where [.create, .merge].contains(action.step) {
            do {
                guard let person = try await stored(action.id) else { continue }
                if let card = there[action.id] {
                    pushes.append(try await merge(person, base: nil, over: card, with: book, counting: &sent))
                } else {
                    pushes.append(try await create(person, returning: nil, with: book, counting: &sent))
                }
            } catch {
                guard let reason = error.cardRefusal else { throw error }
                setAside[action.id] = reason
                sent.setAside.append(action.id)
            }
            storage.update { $0.sys.addressBook = .loading(permille: 900 * (index + 1) / max(links.outbox.count, 1)) }
        }
        let here = Set(links.outbox)
        let take = Set(plan.ids(.take))
        let theirs = everything.changed.filter { take.contains($0.person.id) }
        var known = Dictionary(theirs.map { ($0.person.id, $0.card) }, uniquingKeysWith: { first, _ in first })
        for push in pushes { known[push.id] = push.card }
        // The cards left out the first time are not read again unless they changed.
        let settled = try await book.pull(
            since: nil, known: known, duplicates: everything.duplicates, unread: everything.unread)
        var pull = settled
        let changedSince = Set(settled.changed.map(\.person.id)).union(settled.deleted)
        pull.changed = (theirs.filter { !changedSince.contains($0.person.id) } + settled.changed)
            .filter { !here.contains($0.person.id) }
        pull.deleted = []
        let readAgain = Set(settled.readAgain)
        pull.unread = everything.unread.filter { !readAgain.contains($0.href) } + settled.unread
        try await personDBWork.recordFirstExchange(
            with: book.collection, pushes: pushes, setAside: setAside, pull: pull)
        return AddressBookReport(
            sent: sent, received: pull.changed.count + sent.broughtIn, skipped: pull.skipped,
            duplicated: Set(pull.duplicates.values).count)
    }

    /// Carries out one person's step that sends something, or settles the outbox: a merge with
    /// the card the listing read, their card coming back, or a push (``push(_:card:to:counting:)``,
    /// which also copes with what changed on either side since the plan was made). Returns what
    /// to record.
    private func carry(
        _ action: AddressBookPlan.Action, card: AddressCard?, there: (person: Person, card: AddressCard)?,
        returning: AddressCard?, to book: any AddressBookWork, counting sent: inout AddressBookReport.Sent
    ) async throws(Fizzle) -> CardPush {
        switch action.step {
        case .merge:
            guard let there, let person = try await stored(action.id) else { break }
            return try await merge(
                person, base: card.flatMap(book.person(in:)), over: there.card, with: book, counting: &sent)
        case .comeBack:
            guard let there else { break }
            sent.kept.append(action.id)
            return CardPush(id: action.id, sent: nil, card: there.card, merged: there.person)
        case .create, .forget:
            return try await push(action.id, card: nil, returning: returning, to: book, counting: &sent)
        default:
            break
        }
        return try await push(action.id, card: card, returning: returning, to: book, counting: &sent)
    }

    /// Pushes the person `id` as stored now over their `card` as last agreed: created (as the
    /// card they had, `returning`, when they were brought back), written over or deleted on the
    /// condition of the card's ETag. When the server's card changed meanwhile, the two are merged
    /// field by field (see ``merged(base:here:there:)``), and the merge is written once more.
    /// Returns what to record.
    private func push(
        _ id: Person.ID, card: AddressCard?, returning: AddressCard?, to book: any AddressBookWork,
        counting sent: inout AddressBookReport.Sent
    ) async throws(Fizzle) -> CardPush {
        switch (try await stored(id), card) {
        case (let person?, nil):
            return try await create(person, returning: returning, with: book, counting: &sent)
        case (let person?, let card?):
            do {
                let written = try await book.update(person, over: card)
                sent.changed += 1
                return CardPush(id: id, sent: person, card: written)
            } catch  where error.isCardChanged {
                guard let now = try await book.card(of: id, at: card.href) else {
                    // Deleted there since: the edit here is not lost; the card is made again.
                    return try await create(person, returning: card, with: book, counting: &sent)
                }
                return try await merge(person, base: book.person(in: card), over: now.card, with: book, counting: &sent)
            }
        case (nil, let card?):
            do {
                try await book.delete(card, of: id)
                sent.deleted += 1
                return CardPush(id: id, sent: nil, card: nil)
            } catch  where error.isCardChanged {
                // Changed there since: that edit is not lost; the person comes back here.
                guard let theirs = try await book.card(of: id, at: card.href) else {
                    return CardPush(id: id, sent: nil, card: nil)
                }
                sent.kept.append(id)
                return CardPush(id: id, sent: nil, card: theirs.card, merged: theirs.person)
            }
        case (nil, nil):
            return CardPush(id: id, sent: nil, card: nil)
        }
    }

    /// Makes the card of `person` (the card they had, `returning`, again, as it was, when they
    /// were brought back); when one is where it goes (the server's own, or this one, sent before
    /// the app stopped), merges with it instead.
    private func create(
        _ person: Person, returning: AddressCard?, with book: any AddressBookWork,
        counting sent: inout AddressBookReport.Sent
    ) async throws(Fizzle) -> CardPush {
        do {
            let card = try await book.create(person, returning: returning)
            sent.created += 1
            return CardPush(id: person.id, sent: person, card: card)
        } catch  where error.isCardChanged {
            guard let now = try await book.card(of: person.id, at: returning?.href) else { throw error }
            return try await merge(
                person, base: returning.flatMap(book.person(in:)), over: now.card, with: book, counting: &sent)
        }
    }

    /// Merges `here` with the server's `card` of them, from `base` (as last agreed; `nil` for a
    /// first sync), writes the merge over it, and returns what to record: the server's value of
    /// each field changed on both sides kept for the user to choose. A card that holds another
    /// person's UID is not theirs: the person is set aside.
    private func merge(
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
    private func stored(_ id: Person.ID) async throws(Fizzle) -> Person? {
        do {
            return try await personDBWork.readPerson(id: id)
        } catch  where error.isNotFound {
            return nil
        }
    }
}
