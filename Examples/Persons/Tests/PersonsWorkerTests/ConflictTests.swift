import GRDB
import Persons
import PersonsTestSupport
import PersonsWorker
import Testing

@Suite("The database worker: fields changed on both sides, kept for the user to choose")
struct ConflictTests {
    let jane = Samples.people[0]

    /// A conflict on every field of Jane's, as a merge with the address book records them.
    static let everyField = PersonField.allCases.map { PersonConflict(field: $0, there: "theirs \($0.rawValue)") }

    /// A worker holding the samples, linked with an address book (nothing waiting to be sent), and
    /// a conflict on every field of Jane's.
    func conflicted(in file: DatabaseQueue? = nil) async throws -> PersonDBWorker {
        let db = try PersonDBWorker(database: file ?? DatabaseQueue())
        try await db.savePersons(Samples.people) { _ in }
        try await db.link(sending: Samples.people)
        try await db.recordPush(CardPush(id: jane.id, sent: jane, card: nil, conflicts: Self.everyField.reversed()))
        return db
    }

    /// Jane with `field` changed to a value it may have.
    func jane(changing field: PersonField) throws -> Person {
        var draft = PersonDraft(jane)
        draft[field] = field.samples.valid
        return try draft.person(id: jane.id, photo: jane.photo).get()
    }

    @Test("a merge's conflicts are kept, and read in the fields' order")
    func kept() async throws {
        let db = try await conflicted()
        #expect(try await db.readConflicts(id: jane.id) == Self.everyField)
        #expect(try await db.readConflicts(id: "p2").isEmpty)
        try await db.recordPush(
            CardPush(
                id: "p2", sent: Samples.people[1], card: nil, conflicts: [PersonConflict(field: .name, there: "Marcus")]
            ))
        // A later merge replaces the address book's value of the same field.
        try await db.recordPush(
            CardPush(
                id: "p2", sent: Samples.people[1], card: nil, conflicts: [PersonConflict(field: .name, there: "Marc")]))
        #expect(try await db.readConflicts(id: "p2") == [PersonConflict(field: .name, there: "Marc")])
    }

    @Test(
        "the status lists who waits for a choice, by name, each field in order; one the app does not know is left out")
    func listedInTheStatus() async throws {
        let file = try DatabaseQueue()
        let db = try await conflicted(in: file)
        try await db.recordPush(
            CardPush(
                id: "p2", sent: Samples.people[1], card: nil,
                conflicts: [PersonConflict(field: .email, there: "m@x.org")]))
        // A field a later version might add.
        try await file.write { db in
            try db.execute(sql: "INSERT INTO person_conflict (id, field, there) VALUES ('p2', 'pager', '1')")
        }
        let choices = try await db.readAddressBookStatus().choices
        #expect(
            choices == [
                AddressBookStatus.Choice(id: jane.id, name: jane.name, fields: PersonField.allCases),
                AddressBookStatus.Choice(id: "p2", name: Samples.people[1].name, fields: [.email]),
            ])
        #expect(choices[1].entry.detail == "Email")
    }

    @Test(
        "a conflict ends when its field's value here changes, by any writer, and only then (a name and its parts change together)",
        arguments: PersonField.allCases)
    func endsWithItsField(_ field: PersonField) async throws {
        let db = try await conflicted()
        _ = try await db.editPerson(id: jane.id, PersonDraft(jane))
        #expect(try await db.readConflicts(id: jane.id) == Self.everyField, "saving the same values ends none")
        let changed = try jane(changing: field)
        _ = try await db.savePersons([changed]) { _ in }
        let kept = Self.everyField.filter { $0.field.text(of: changed) == $0.field.text(of: jane) }
        #expect(try await db.readConflicts(id: jane.id) == kept)
        #expect(!kept.contains { $0.field == field })
    }

    @Test("a person deleted, here or there, leaves no conflict behind")
    func endsWithThePerson() async throws {
        let db = try await conflicted()
        try await db.deletePerson(id: jane.id)
        #expect(try await db.readConflicts(id: jane.id).isEmpty)
        let other = try await conflicted()
        _ = try await other.recordPull(AddressBookPull(deleted: [jane.id]), holding: [], releasing: [])
        #expect(try await other.readConflicts(id: jane.id).isEmpty)
    }

    @Test("keeping the value here changes nothing else and sends nothing; a second choice is refused")
    func keepHere() async throws {
        let db = try await conflicted()
        #expect(try await db.resolveConflict(jane.id, .email, keeping: .here) == jane)
        #expect(try await db.readPerson(id: jane.id) == jane)
        #expect(try await db.readConflicts(id: jane.id) == Self.everyField.filter { $0.field != .email })
        #expect(try await db.links().outbox.isEmpty)
        await #expect(throws: Fizzle.noConflict(.email)) {
            _ = try await db.resolveConflict(jane.id, .email, keeping: .there)
        }
    }

    @Test("taking the address book's value saves it as an edit here, which waits to go back to it")
    func takeThere() async throws {
        let db = try await conflicted()
        let taken = try await db.resolveConflict(jane.id, .email, keeping: .there)
        #expect(taken.email == "theirs email")
        #expect(try await db.readPerson(id: jane.id) == taken)
        #expect(try await db.readConflicts(id: jane.id) == Self.everyField.filter { $0.field != .email })
        #expect(try await db.links().outbox == [jane.id])
        // Kept as edited here: the directory's next sync does not undo it.
        _ = try await db.savePersons(Samples.people) { _ in }
        #expect(try await db.readPerson(id: jane.id).email == "theirs email")
        await #expect(throws: Fizzle.noConflict(.name)) {
            _ = try await db.resolveConflict("p2", .name, keeping: .here)
        }
    }
}
