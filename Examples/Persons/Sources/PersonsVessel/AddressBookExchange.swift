import Persons

// How an exchange with the address book goes: it plans each person's step
// (``Persons/AddressBookPlan``), and each step runs itself (`AddressBookPlan+Run.swift`, with
// the rule that merges a card changed on both sides). The helpers of `syncAddressBook`. A person the server
// refuses alone is set aside and the others go on; a person with two cards there is left alone;
// a pull that would delete too many people deletes nobody and asks; and the people are linked
// with a new book only once a first exchange with it has succeeded.
extension Vessel {
    /// One exchange with `book`: the first links the people with it (``firstExchange(with:_:)``);
    /// later ones list what changed there since the last, plan each person's step, store what
    /// came from there, then run the plan's pushes, oldest first, each recorded as it goes. When
    /// cards were made, the book is listed once more (see ``receive(from:_:)``). Returns what it
    /// did, and whether it was idle: nothing sent or received, and nothing new to say of the
    /// cards there (left out, unread, duplicated), and nothing to send; one with nothing to send
    /// shows no progress.
    /// Without `retrying`, the people set aside are not sent again this time.
    func exchange(
        with book: any AddressBookWork, retrying: Bool = true
    ) async throws(Fizzle) -> (AddressBookReport, idle: Bool) {
        let links = try await personDBWork.readAddressBook(for: book.collection)
        guard links.isLinked else { return (try await firstExchange(with: book, links), false) }
        let (listing, planned, stored) = try await receive(from: book, links)
        let plan = retrying ? planned : planned.leaving(Set(links.setAside.keys))
        let pushes = plan.actions.contains(where: \.step.isPush)
        if pushes { storage.update { $0.sys.addressBook = .loading(permille: 300) } }
        var sent = AddressBookReport.Sent()
        var received = stored.stored
        var last = stored
        do throws(Fizzle) {
            try await runPushes(of: plan, with: book, permille: 300...900, counting: &sent) { outcome throws(Fizzle) in
                switch outcome {
                case .pushed(let push): try await personDBWork.recordPush(push)
                case .setAside(let id, let reason): try await personDBWork.recordSetAside(id, reason: reason)
                }
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
        let report = AddressBookReport(
            sent: sent, received: received + sent.broughtIn, skipped: listing.skipped,
            duplicated: Set(listing.duplicates.values).count)
        // An exchange that showed its progress is never idle: what it shows next ends the progress.
        let idle =
            !pushes && sent.total == 0 && report.received == 0 && sent.setAside.isEmpty && sent.kept.isEmpty
            && listing.skipped.total == 0 && listing.unread.map(\.href) == links.unread.map(\.href)
            && listing.duplicates == links.duplicates
        return (report, idle)
    }

    /// How one push of the plan went: what to record, or the person set aside (the address book
    /// refused their card alone, for the reason given).
    enum PushOutcome {
        case pushed(CardPush)
        case setAside(Person.ID, String)
    }

    /// Runs each step of `plan` that sends something, in the plan's order, handing `keep` how
    /// each went, and moves the progress across `permille`. A card refused alone sets its person
    /// aside and the others go on; a step whose person changed since the plan was made (see
    /// ``Persons/AddressBookPlan/Action/run(with:reading:counting:)``) is left for the next
    /// exchange.
    private func runPushes(
        of plan: AddressBookPlan, with book: any AddressBookWork, permille: ClosedRange<Int>,
        counting sent: inout AddressBookReport.Sent, keep: (PushOutcome) async throws(Fizzle) -> Void
    ) async throws(Fizzle) {
        let pushes = plan.actions.filter(\.step.isPush)
        for (index, action) in pushes.enumerated() {
            do {
                if let push = try await action.run(with: book, reading: personDBWork, counting: &sent) {
                    try await keep(.pushed(push))
                }
            } catch {
                guard let reason = error.cardRefusal else { throw error }
                logger.warning("address book: set aside \(action.id): \(reason)")
                sent.setAside.append(action.id)
                try await keep(.setAside(action.id, reason))
            }
            let done = permille.lowerBound + (permille.upperBound - permille.lowerBound) * (index + 1) / pushes.count
            storage.update { $0.sys.addressBook = .loading(permille: done) }
        }
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
        var pushes: [CardPush] = []
        var setAside: [Person.ID: String] = [:]
        var sent = AddressBookReport.Sent()
        try await runPushes(of: plan, with: book, permille: 0...900, counting: &sent) { outcome in
            switch outcome {
            case .pushed(let push): pushes.append(push)
            case .setAside(let id, let reason): setAside[id] = reason
            }
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
}
