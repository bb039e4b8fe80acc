import GRDB
import Persons
import PersonsTestSupport
import Testing

@testable import PersonsWorker

/// A person's columns are listed once (`PersonRecord.columns`): each statement that writes a
/// person names them from there, so every field reaches the table whichever way it is written.
@Suite("A person's columns, listed once")
struct PersonColumnsTests {
    let jane = Samples.people[0]

    /// Jane with `field` set to a value she does not have, which the field accepts.
    func jane(changing field: PersonField) throws -> Person {
        var draft = PersonDraft(jane)
        draft[field] = field.samples.valid
        let changed = try draft.person(id: jane.id, photo: jane.photo).get()
        #expect(field.text(of: changed) != field.text(of: jane), "\(field) needs a value Jane does not have")
        return changed
    }

    @Test("the columns are the record's own, each value bound in its column's place, and the table has each")
    func columnsAreTheRecords() async throws {
        var person = jane
        person.cellphone = "555 0100"
        let record = PersonRecord(person)
        let coded = try record.databaseDictionary
        #expect(Set(PersonRecord.columns) == Set(coded.keys))
        #expect(PersonRecord.columns.count == record.values.count)
        for (column, value) in zip(PersonRecord.columns, record.values) {
            #expect((value?.databaseValue ?? .null) == coded[column], "\(column) is bound in another column's place")
        }
        let db = try DatabaseQueue()
        try PersonSchema.migrator.migrate(db)
        let table = try await db.read { db in try db.columns(in: PersonRecord.databaseTableName).map(\.name) }
        for column in PersonRecord.columns { #expect(table.contains(column), "the table has no column \(column)") }
    }

    @Test(
        "every field reaches the table whichever way a person is written: sync, addition, edit, address book, restore",
        arguments: PersonField.allCases)
    func everyFieldEveryWrite(_ field: PersonField) async throws {
        let changed = try jane(changing: field)
        var written: [String: Person] = [:]

        let synced = try PersonDBWorker(database: DatabaseQueue())
        try await synced.savePersons([jane]) { _ in }
        try await synced.savePersons([changed]) { _ in }
        written["a sync"] = try await synced.readPerson(id: jane.id)

        let added = try PersonDBWorker(database: DatabaseQueue())
        try await added.addPerson(changed)
        written["an addition"] = try await added.readPerson(id: jane.id)

        let edited = try PersonDBWorker(database: DatabaseQueue())
        try await edited.savePersons([jane]) { _ in }
        written["an edit"] = try await edited.editPerson(id: changed.id, PersonDraft(changed)).saved

        let pulled = try PersonDBWorker(database: DatabaseQueue())
        try await pulled.savePersons([jane]) { _ in }
        try await pulled.link(sending: [jane])
        let card = AddressCard(href: "/book/\(jane.id).vcf", etag: "\"2\"", text: "BEGIN:VCARD\r\nEND:VCARD\r\n")
        _ = try await pulled.recordPull(
            AddressBookPull(changed: [(changed, card)], token: "t"), holding: [], releasing: [])
        written["a pull of the address book"] = try await pulled.readPerson(id: jane.id)

        let restored = try PersonDBWorker(database: DatabaseQueue())
        try await restored.savePersons([changed]) { _ in }
        try await restored.deletePerson(id: jane.id)
        written["a restore"] = try await restored.restorePerson(id: jane.id)

        for (way, person) in written.sorted(by: { $0.key < $1.key }) {
            #expect(field.text(of: person) == field.text(of: changed), "\(field) is lost by \(way)")
        }
    }

    @Test(
        "a change of any field, by any writer, waits to go out to the address book: the triggers follow the fields",
        arguments: PersonField.allCases)
    func everyFieldGoesOut(_ field: PersonField) async throws {
        let db = try PersonDBWorker(database: DatabaseQueue())
        try await db.savePersons(Samples.people) { _ in }
        try await db.link(sending: Samples.people)
        #expect(try await db.links().outbox.isEmpty)
        try await db.savePersons([try jane(changing: field)]) { _ in }
        #expect(try await db.links().outbox == [jane.id], "a change of \(field) does not go out")
    }
}
