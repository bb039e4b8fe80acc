import GRDB
import Persons
import PersonsTestSupport
import PersonsWorker
import Testing

@Suite("The database worker: people edited, added and deleted here")
struct EditingTests {
    let jane = Samples.people[0]

    func stored(_ people: [Person] = Samples.people) async throws -> PersonDBWorker {
        let db = try PersonDBWorker(database: DatabaseQueue())
        try await db.savePersons(people) { _ in }
        return db
    }

    func found(_ db: PersonDBWorker, _ search: String) async throws -> [Person.ID] {
        try await db.readMetas(PageRequest(search: search, isRegion: false)).metas.map(\.id)
    }

    @Test("an edit is stored, and the search, the counts and the filters follow it")
    func editFollowedByLists() async throws {
        let db = try await stored()
        var edited = jane
        edited.name = "Ada Byron"
        edited.country = "GB"
        #expect(try await db.editPerson(id: edited.id, PersonDraft(edited)).saved == edited)
        #expect(try await db.readPerson(id: jane.id) == edited)
        #expect(try await found(db, "ada") == [jane.id])
        #expect(try await found(db, "jane").isEmpty)
        #expect(try await db.countPersons() == Samples.people.count)
        let inGB = try await db.readMetas(PageRequest(criteria: ListCriteria(filters: [.region: "GB"]), isRegion: true))
        #expect(inGB.metas.map(\.id) == [jane.id])
        #expect(inGB.total == 1)
    }

    @Test("a sync keeps each field edited here and takes the directory's for the others")
    func syncKeepsEdits() async throws {
        let db = try await stored()
        var edited = jane
        edited.email = "ada@example.org"
        _ = try await db.editPerson(id: edited.id, PersonDraft(edited))
        var directory = jane
        directory.email = "jane@directory.example"
        directory.age = 20
        directory.name = "Jane Roe-Park"
        let report = try await db.savePersons([directory]) { _ in }
        #expect(report.updated == 1)
        var expected = directory
        expected.email = "ada@example.org"
        #expect(try await db.readPerson(id: jane.id) == expected)
        #expect(try await found(db, "park") == [jane.id, Samples.people[2].id])
    }

    @Test("each field, edited here alone, is the only one a sync keeps", arguments: PersonField.allCases)
    func eachFieldKept(_ field: PersonField) async throws {
        let db = try await stored()
        // Another person in every field: each field's own sample.
        var other = Person.unknown(id: jane.id)
        for each in PersonField.allCases { each.set(each.samples.valid, on: &other) }
        other.photo = "https://example.com/zed.jpg"
        var draft = PersonDraft(jane)
        draft[field] = field.text(of: other)
        let edited = try await db.editPerson(id: jane.id, draft).saved
        var directory = other
        directory.name = "Yan Yu"
        _ = try await db.savePersons([directory]) { _ in }
        let after = try await db.readPerson(id: jane.id)
        // A name and its parts change together: each field whose value the edit changed is kept.
        let kept = PersonField.allCases.filter { $0.text(of: edited) != $0.text(of: jane) }
        #expect(kept.contains(field))
        #expect(kept == [field] || kept.allSatisfy { $0 == .name || $0.isNamePart }, "\(kept)")
        #expect(after.name == (kept.contains(.name) ? edited.name : directory.name), "the name after editing \(field)")
        for each in PersonField.allCases where !each.isNamePart && each != .name {
            let expected = kept.contains(each) ? each.text(of: edited) : each.text(of: directory)
            #expect(each.text(of: after) == expected, "\(each) after editing \(field)")
        }
        #expect(after.photo == directory.photo)
    }

    @Test("an edit that changes nothing keeps nothing: the directory's next values are taken")
    func unchangedEditKeepsNothing() async throws {
        let db = try await stored()
        _ = try await db.editPerson(id: jane.id, PersonDraft(jane))
        var directory = jane
        directory.email = "jane@directory.example"
        _ = try await db.savePersons([directory]) { _ in }
        #expect(try await db.readPerson(id: jane.id) == directory)
    }

    @Test("a person added here is listed, counted and found, and a sync leaves them alone")
    func add() async throws {
        let db = try await stored()
        let ada = Person.sample(
            id: "new-1", name: "Ada Park", nameParts: nil, username: "adap", gender: .female, email: "", age: 36,
            country: "KR", cellphone: nil, photo: nil)
        try await db.addPerson(ada)
        #expect(try await db.countPersons() == Samples.people.count + 1)
        #expect(try await found(db, "ada") == [ada.id])
        var directory = ada
        directory.name = "Somebody Else"
        _ = try await db.savePersons([directory]) { _ in }
        #expect(try await db.readPerson(id: ada.id) == ada)
    }

    @Test("adding an id that is stored already is refused, and nothing changes")
    func addExisting() async throws {
        let db = try await stored()
        var twin = jane
        twin.name = "Twin"
        await #expect(throws: Fizzle.saveFailed) { try await db.addPerson(twin) }
        #expect(try await db.readPerson(id: jane.id) == jane)
        #expect(try await db.countPersons() == Samples.people.count)
    }

    @Test("a person deleted here leaves the lists, and a sync does not bring them back")
    func delete() async throws {
        let db = try await stored()
        try await db.deletePerson(id: jane.id)
        await #expect(throws: Fizzle.notFound(jane.id)) { try await db.readPerson(id: jane.id) }
        #expect(try await found(db, "jane").isEmpty)
        #expect(try await db.countPersons() == Samples.people.count - 1)
        let report = try await db.savePersons(Samples.people) { _ in }
        #expect(report.skipped[.deletedHere] == 1)
        #expect(report.inserted == 0)
        #expect(report.updated == Samples.people.count - 1)
        #expect(try await db.countPersons() == Samples.people.count - 1)
    }

    @Test("editing or deleting an id nobody has says so, and changes nothing")
    func unknownID() async throws {
        let db = try await stored()
        let ghost = Person.sample(
            id: "ghost", name: "G", nameParts: nil, username: "", gender: .unknown, email: "", age: 1, country: "ZZ",
            cellphone: nil, photo: nil)
        await #expect(throws: Fizzle.notFound("ghost")) {
            _ = try await db.editPerson(id: ghost.id, PersonDraft(ghost))
        }
        await #expect(throws: Fizzle.notFound("ghost")) { try await db.deletePerson(id: "ghost") }
        #expect(try await db.countPersons() == Samples.people.count)
        let report = try await db.savePersons([ghost]) { _ in }
        #expect(report.inserted == 1)
    }

    /// A worker holding the samples, linked with an address book, its outbox emptied.
    func linked() async throws -> PersonDBWorker {
        let db = try await stored()
        let unlinked = try await db.links()
        #expect(!unlinked.isLinked && unlinked.outbox == Samples.people.map(\.id), "before a first exchange, everyone")
        try await db.link(sending: Samples.people)
        #expect(try await db.links().outbox.isEmpty)
        return db
    }

    @Test("while an address book is linked, each change of a person by any writer waits in the outbox, once, in order")
    func outbox() async throws {
        let db = try await linked()
        _ = try await db.savePersons(Samples.people) { _ in }
        #expect(try await db.links().outbox.isEmpty, "a sync that changes nothing sends nothing")
        var renamed = Samples.people[2]
        renamed.name = "Tom Parker"
        _ = try await db.savePersons([renamed]) { _ in }
        var edited = jane
        edited.email = "ada@example.org"
        _ = try await db.editPerson(id: edited.id, PersonDraft(edited))
        _ = try await db.editPerson(id: edited.id, PersonDraft(edited))
        try await db.deletePerson(id: "p4")
        let links = try await db.links()
        #expect(links.outbox == ["p3", "p1", "p4"] && links.deleted == ["p4"])
        #expect(
            links.cards.filter { !$0.value.text.isEmpty }.keys.sorted() == ["p1", "p3", "p4"],
            "a card's text is read for the outbox's people only")
        #expect(links.cards.count == Samples.people.count, "every card's address and ETag, for the pull")
    }

    @Test("a change of each field reaches the outbox", arguments: PersonField.allCases)
    func everyFieldQueued(_ field: PersonField) async throws {
        let db = try await linked()
        var draft = PersonDraft(jane)
        draft[field] = field.samples.valid
        _ = try await db.savePersons([try draft.person(id: jane.id, photo: jane.photo).get()]) { _ in }
        #expect(try await db.links().outbox == [jane.id], "\(field)")
    }

    @Test("what a pull stores is not sent back, and a person waiting to be sent is not overwritten by it")
    func pullLeavesWaiting() async throws {
        let db = try await linked()
        var edited = jane
        edited.email = "here@example.org"
        _ = try await db.editPerson(id: edited.id, PersonDraft(edited))
        var theirs = jane
        theirs.email = "there@example.org"
        var mark = Samples.people[1]
        mark.name = "Marcus Lee"
        let card = AddressCard(href: "/b/x.vcf", etag: "\"1\"", text: "BEGIN:VCARD\r\nEND:VCARD\r\n")
        let stored = try await db.recordPull(
            AddressBookPull(changed: [(theirs, card), (mark, card)], token: "t"), holding: [], releasing: [])
        #expect(stored.stored == 1)
        #expect(try await db.readPerson(id: jane.id).email == "here@example.org")
        #expect(try await db.readPerson(id: mark.id).name == "Marcus Lee")
        let links = try await db.links()
        #expect(links.outbox == [jane.id] && links.token == "t")
    }
}
