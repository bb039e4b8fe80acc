import Persons
import PersonsTestSupport
import Testing

@testable import PersonsVessel

/// The rule a card changed on both sides is merged by, field by field, from the card as last
/// agreed: a field is in conflict only when both sides changed it, to different values.
@Suite("Merging a card changed on both sides")
struct MergeRuleTests {
    /// How a field's value moved since the card as last agreed.
    enum Cell: String, CaseIterable {
        case neither, hereOnly, thereOnly, bothTheSame, bothDifferent
    }

    /// Jane, her name's parts her own (not the ones her name makes), so that a change of her name
    /// or of one part changes that field alone.
    static let base = {
        var jane = Samples.people[0]
        jane.nameParts = NameParts(family: "Roe", given: "Jane", middle: "Quinn")
        return jane
    }()

    /// `base` with `field` set to another value it accepts, `variant` telling two apart.
    static func changed(_ person: Person, _ field: PersonField, variant: Int) -> Person {
        var changed = person
        field.set([field.samples.valid, field.samples.another][variant], on: &changed)
        return changed
    }

    @Test(
        "each cell of each field: only a field changed on both sides to different values is a conflict",
        arguments: PersonField.allCases)
    func cells(_ field: PersonField) {
        for cell in Cell.allCases {
            let (here, there): (Person, Person) =
                switch cell {
                case .neither: (Self.base, Self.base)
                case .hereOnly: (Self.changed(Self.base, field, variant: 0), Self.base)
                case .thereOnly: (Self.base, Self.changed(Self.base, field, variant: 1))
                case .bothTheSame:
                    (Self.changed(Self.base, field, variant: 0), Self.changed(Self.base, field, variant: 0))
                case .bothDifferent:
                    (Self.changed(Self.base, field, variant: 0), Self.changed(Self.base, field, variant: 1))
                }
            let (merged, both) = AddressBookPlan.Action.merged(base: Self.base, here: here, there: there)
            #expect(both == (cell == .bothDifferent ? [field] : []), "\(field) \(cell)")
            let expected = cell == .thereOnly ? there : here
            #expect(field.text(of: merged) == field.text(of: expected), "\(field) \(cell): the value merged")
        }
    }

    @Test("changed here in one field and there in others: everything merges, and nothing is asked")
    func differentFields() {
        let here = Self.changed(Self.base, .email, variant: 0)
        var there = Self.changed(Self.base, .name, variant: 1)
        there = Self.changed(there, .cellphone, variant: 1)
        let (merged, both) = AddressBookPlan.Action.merged(base: Self.base, here: here, there: there)
        #expect(both.isEmpty)
        #expect(merged.email == here.email && merged.name == there.name && merged.cellphone == there.cellphone)
    }

    @Test("without a card as last agreed (a first exchange), every field that differs is asked")
    func noBase() {
        let here = Self.changed(Self.base, .email, variant: 0)
        let (merged, both) = AddressBookPlan.Action.merged(base: nil, here: here, there: Self.base)
        #expect(both == [.email] && merged == here)
    }

    @Test(
        "an email edit waiting while another client changes only the name, a note or a phone: merged, received, and no choice"
    )
    func noFalseConflict() async throws {
        let jane = Samples.people[0]
        for change: (inout Person) -> Void in [{ $0.name = "Jane Roe-Park" }, { $0.cellphone = "999" }] {
            let book = RecordingAddressBook()
            let raft = try await Raft(addressBook: book)
            _ = try await raft.syncAddressBookAction()
            var draft = PersonDraft(jane)
            draft[.email] = "mine@example.org"
            _ = try await raft.editPersonAction(jane.id, draft)
            book.change(jane.id, change)
            let report = try await raft.syncAddressBookAction()
            #expect(report == "Sent 1 change; received 1; 1 merged with changes made there.")
            var expected = jane
            change(&expected)
            expected.email = "mine@example.org"
            #expect(try await raft.loadPersonAction(jane.id) == expected)
            #expect(raft.appState.value.sys.book.choices.isEmpty)
            var sent = expected
            sent.photo = nil
            #expect(book.people[jane.id] == sent)
        }
    }
}
