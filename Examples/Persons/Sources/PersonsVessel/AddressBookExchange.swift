import Persons

// How a sync of the address book pushes and pulls, and merges a card changed on both sides: the
// helpers of `syncAddressBook`.
extension Vessel {
    /// Pushes each person of the outbox, oldest first, one at a time, stopping at the first
    /// failure (what is not pushed stays in the outbox). One at a time because servers write one
    /// card at a time: Xandikos answers a second write while one is under way with 500 or 423,
    /// and Radicale was no faster with four in flight (BENCHMARKS.md). Returns what was sent.
    func pushOutbox(to book: any AddressBookWork) async throws(Fizzle) -> AddressBookReport.Sent {
        let links = try await personDBWork.readAddressBook()
        var sent = AddressBookReport.Sent()
        for (index, id) in links.outbox.enumerated() {
            sent.add(try await push(id, card: links.cards[id], to: book))
            storage.update { $0.sys.addressBook = .loading(permille: 500 * (index + 1) / max(links.outbox.count, 1)) }
        }
        return sent
    }

    /// Pushes the person `id` as stored now over their `card` as last agreed: created, written
    /// over or deleted on the condition of the card's ETag. When the server's card changed
    /// meanwhile, the two are merged field by field (see ``merged(base:here:there:)``), and the
    /// merge is written once more. Returns what was sent.
    private func push(
        _ id: Person.ID, card: AddressCard?, to book: any AddressBookWork
    ) async throws(Fizzle) -> AddressBookReport.Sent {
        var sent = AddressBookReport.Sent()
        let here = try await stored(id)
        switch (here, card) {
        case (let person?, nil):
            do {
                try await personDBWork.recordPush(
                    id, sent: person, card: try await book.create(person), merged: nil, conflicts: [])
                sent.created += 1
            } catch  where error.isCardChanged {
                // A card of that name is there: the server's own (a first sync), or this one,
                // sent before the app stopped.
                try await merge(person, base: nil, with: book, counting: &sent)
            }
        case (let person?, let card?):
            do {
                try await personDBWork.recordPush(
                    id, sent: person, card: try await book.update(person, over: card), merged: nil, conflicts: [])
                sent.changed += 1
            } catch  where error.isCardChanged {
                try await merge(person, base: book.person(in: card), with: book, counting: &sent)
            }
        case (nil, let card?):
            do {
                try await book.delete(card, of: id)
                try await personDBWork.recordPush(id, sent: nil, card: nil, merged: nil, conflicts: [])
                sent.deleted += 1
            } catch  where error.isCardChanged {
                // Changed there since: that edit is not lost; the person comes back here.
                guard let theirs = try await book.card(of: id, at: card.href) else {
                    try await personDBWork.recordPush(id, sent: nil, card: nil, merged: nil, conflicts: [])
                    return sent
                }
                try await personDBWork.recordPush(
                    id, sent: nil, card: theirs.card, merged: theirs.person, conflicts: [])
                sent.kept.append(id)
            }
        case (nil, nil):
            try await personDBWork.recordPush(id, sent: nil, card: nil, merged: nil, conflicts: [])
        }
        return sent
    }

    /// Merges `here` with the server's card of them now, from `base` (as last agreed; `nil` for
    /// a first sync), writes the merge over the server's card, and stores it here, with the
    /// server's value of each field changed on both sides kept for the user to choose.
    private func merge(
        _ here: Person, base: Person?, with book: any AddressBookWork, counting sent: inout AddressBookReport.Sent
    ) async throws(Fizzle) {
        guard let (there, card) = try await book.card(of: here.id, at: nil) else {
            // Deleted there since: the edit here is not lost; the card is made again.
            try await personDBWork.recordPush(
                here.id, sent: here, card: try await book.create(here), merged: nil, conflicts: [])
            sent.created += 1
            return
        }
        let (merged, both) = Self.merged(base: base, here: here, there: there)
        let written = merged == there ? card : try await book.update(merged, over: card)
        try await personDBWork.recordPush(
            here.id, sent: here, card: written, merged: merged == here ? nil : merged,
            conflicts: both.map { PersonConflict(field: $0, there: $0.text(of: there)) })
        sent.merged += 1
        sent.bothChanged += both.count
    }

    /// `here` and `there` merged field by field from `base`: a field changed on one side only
    /// takes that side's value; one changed on both sides to different values keeps this app's
    /// until the user chooses, and is returned among the fields changed on both sides.
    static func merged(base: Person?, here: Person, there: Person) -> (Person, [PersonField]) {
        var merged = here
        var both: [PersonField] = []
        for field in PersonField.allCases {
            let (mine, theirs) = (field.text(of: here), field.text(of: there))
            guard mine != theirs else { continue }
            if let base, field.text(of: base) == mine {
                field.set(theirs, on: &merged)
            } else {
                both.append(field)
            }
        }
        return (merged, both)
    }

    /// Pulls what changed there since the last pull (the database leaves out any person changed
    /// here since: the next push merges them). Returns how many came, and what was left out.
    func pull(from book: any AddressBookWork) async throws(Fizzle) -> (Int, SkippedRecords) {
        let links = try await personDBWork.readAddressBook()
        let pull = try await book.pull(since: links.token, known: links.cards)
        let stored = try await personDBWork.recordPull(pull.changed, deleted: pull.deleted, token: pull.token)
        return (stored, pull.skipped)
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
