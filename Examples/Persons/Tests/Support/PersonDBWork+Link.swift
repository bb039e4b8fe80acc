import Persons

extension PersonDBWork {
    /// Links the people here with the address book at `collection`, as a first exchange with it
    /// does once it has succeeded: each of `sent` pushed, with a card of its own, and out of the
    /// outbox. For tests of what the database keeps; no server answers at the default address.
    ///
    /// ```swift
    /// try await db.link(sending: Samples.people)
    /// try await db.links().outbox   // []
    /// ```
    public func link(_ collection: String = testBook, sending sent: [Person]) async throws(Fizzle) {
        let pushes = sent.map { person in
            CardPush(
                id: person.id, sent: person,
                card: AddressCard(href: "/book/\(person.id).vcf", etag: "\"1\"", text: "BEGIN:VCARD\r\nEND:VCARD\r\n"))
        }
        try await recordFirstExchange(with: collection, pushes: pushes, setAside: [:], pull: AddressBookPull())
    }

    /// What is kept of the address book at `collection`.
    public func links(_ collection: String = testBook) async throws(Fizzle) -> AddressBookLinks {
        try await readAddressBook(for: collection)
    }
}

/// The address book the database tests link with: no server answers there.
public let testBook = "http://127.0.0.1:1/book/"
