import Persons
import Testing

/// The exchange's rules as a table, with no server: every state of a person here crossed with
/// every state of their card there, and the step the plan takes.
@Suite("The address book's plan, as a table")
struct AddressBookPlanTests {
    /// A person's state here.
    enum Here: String, CaseIterable {
        /// Added here, never sent: in the outbox, no card.
        case new
        /// Linked and changed here: in the outbox.
        case changed
        /// Linked and deleted here: in the outbox, not stored.
        case deleted
        /// Added and deleted here before it was ever sent.
        case deletedUnsent
        /// Linked, nothing waiting.
        case unchanged
        /// Deleted there before, held for the user's say.
        case held
        /// Held for the user's say, and changed here since.
        case heldChanged
    }

    /// Their card's state there, as the listing found it: not named, named as it was (listed
    /// again), changed, deleted, or with a second card of their UID.
    enum There: String, CaseIterable {
        case unchanged, listed, changed, deleted, doubled
    }

    static let id = "p1"
    /// Three more linked people, unchanged on both sides, so that one deletion there does not
    /// trip the guard.
    static let others = ["q1", "q2", "q3"]

    static func card(_ id: Person.ID, etag: String = "e1") -> AddressCard {
        AddressCard(href: "/book/\(id).vcf", etag: etag, text: "BEGIN:VCARD\r\nUID:\(id)\r\nEND:VCARD\r\n")
    }

    static func links(_ here: Here) -> AddressBookLinks {
        let hasCard = ![.new, .deletedUnsent].contains(here)
        var cards = Dictionary(uniqueKeysWithValues: others.map { ($0, card($0)) })
        if hasCard { cards[id] = card(id) }
        return AddressBookLinks(
            collection: "/book/", token: "t1", cards: cards,
            outbox: [.unchanged, .held].contains(here) ? [] : [id],
            deleted: [.deleted, .deletedUnsent].contains(here) ? [id] : [],
            held: [.held, .heldChanged].contains(here) ? [id] : [])
    }

    static func listing(_ there: There) -> AddressBookPull {
        let person = Person.sample(
            id: id, name: "Jane Doe", nameParts: nil, username: "jane", gender: .female, email: "jane@example.com",
            age: 40, country: "NZ", cellphone: nil, photo: nil)
        switch there {
        case .unchanged: return AddressBookPull(token: "t2")
        case .listed: return AddressBookPull(listedAgain: [id], token: "t2")
        case .changed: return AddressBookPull(changed: [(person, card(id, etag: "e2"))], token: "t2")
        case .deleted: return AddressBookPull(deleted: [id], token: "t2")
        case .doubled: return AddressBookPull(duplicates: ["/book/twin.vcf": id], token: "t2")
        }
    }

    /// Every cell of the table: the step, or `nil` for nothing done.
    static let table: [Here: [There: AddressBookPlan.Step?]] = [
        .new: [.unchanged: .create, .listed: .create, .changed: .merge, .deleted: .create, .doubled: .leave],
        .changed: [.unchanged: .update, .listed: .update, .changed: .merge, .deleted: .create, .doubled: .leave],
        .deleted: [
            .unchanged: .deleteThere, .listed: .deleteThere, .changed: .comeBack, .deleted: .forget, .doubled: .leave,
        ],
        .deletedUnsent: [
            .unchanged: .forget, .listed: .forget, .changed: .comeBack, .deleted: .forget, .doubled: .leave,
        ],
        .unchanged: [.unchanged: nil, .listed: nil, .changed: .take, .deleted: .deleteHere, .doubled: .leave],
        .held: [.unchanged: .ask, .listed: .listedAgain, .changed: .take, .deleted: .ask, .doubled: .leave],
        .heldChanged: [.unchanged: .ask, .listed: .update, .changed: .merge, .deleted: .ask, .doubled: .leave],
    ]

    @Test("each state here, crossed with each state there, takes the step of the table", arguments: Here.allCases)
    func cell(_ here: Here) throws {
        let row = try #require(Self.table[here], "no row for \(here)")
        for there in There.allCases {
            let expected = try #require(row[there], "no cell for \(here) × \(there)")
            let plan = AddressBookPlan(links: Self.links(here), listing: Self.listing(there), guarding: DeletionGuard())
            #expect(plan.step(of: Self.id) == expected, "\(here) × \(there)")
            #expect(Self.others.allSatisfy { plan.step(of: $0) == nil }, "the others are left as they are")
        }
    }

    @Test("every step is in the table: a new one fails here until it has its cell")
    func everyStepHasACell() {
        let cells = Set(Self.table.values.flatMap(\.values).compactMap { $0 })
        #expect(cells == Set(AddressBookPlan.Step.allCases))
    }

    @Test("deletions there that the guard asks about delete nobody: each waits, those held before too")
    func guardAsks() {
        var links = Self.links(.unchanged)
        links.held = ["q3"]
        let plan = AddressBookPlan(
            links: links, listing: AddressBookPull(deleted: [Self.id, "q1"]), guarding: DeletionGuard())
        #expect(plan.ids(.ask) == [Self.id, "q1", "q3"] && plan.ids(.deleteHere).isEmpty, "3 of 4 asks")
        let few = AddressBookPlan(
            links: Self.links(.unchanged), listing: AddressBookPull(deleted: ["q1"]), guarding: DeletionGuard())
        #expect(few.ids(.deleteHere) == ["q1"] && few.ids(.ask).isEmpty, "1 of 4 goes through")
    }

    @Test("the outbox goes first, in the order the changes were made; then the listing's, by id")
    func order() {
        var links = Self.links(.changed)
        links.outbox = ["q3", Self.id]
        let theirs = Self.others.map {
            (
                Person.sample(
                    id: $0, name: $0, nameParts: nil, username: $0, gender: .unknown, email: "", age: 30, country: "NZ",
                    cellphone: nil, photo: nil), Self.card($0, etag: "e2")
            )
        }
        let plan = AddressBookPlan(
            links: links, listing: AddressBookPull(changed: Array(theirs.reversed())), guarding: DeletionGuard())
        #expect(plan.actions.map { "\($0.id) \($0.step)" } == ["q3 merge", "\(Self.id) update", "q1 take", "q2 take"])
        #expect(plan.actions[1].card == links.cards[Self.id] && plan.actions[1].there == nil, "each runs on its cards")
        #expect(plan.actions[2].there == Self.card("q1", etag: "e2"))
    }
}
