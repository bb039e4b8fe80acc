import Foundation
import Persons
import PersonsTestSupport
import Testing

@Suite("A person as typed: each field checked by its declaration")
struct PersonDraftTests {
    let ada = Person.sample(
        id: "a1", name: "Ada Park", nameParts: nil, username: "adap", gender: .female, email: "ada@example.com",
        age: 36, country: "KR", cellphone: "+82 10-1234-5678", photo: "https://example.com/ada.jpg")

    @Test("a stored person's draft gives the same person back")
    func roundTrip() {
        #expect(PersonDraft(ada).person(id: ada.id, photo: ada.photo) == .success(ada))
        var none = ada
        none.cellphone = nil
        none.email = ""
        #expect(PersonDraft(none).person(id: ada.id, photo: ada.photo) == .success(none))
    }

    @Test("text is trimmed and a region upper-cased")
    func normalized() throws {
        var draft = PersonDraft(ada)
        draft[.name] = "  Ada Lovelace "
        draft[.country] = "gb"
        draft[.gender] = "FEMALE"
        let person = try draft.person(id: ada.id, photo: nil).get()
        #expect(person.name == "Ada Lovelace")
        #expect(person.country == "GB")
        #expect(person.gender == .female)
        draft[.gender] = ""
        #expect(try draft.person(id: ada.id, photo: nil).get().gender == .unknown)
    }

    static let refused: [(PersonField, String)] = [
        (.name, ""), (.name, "   "), (.name, String(repeating: "a", count: 101)),
        (.name, "e" + String(repeating: "\u{301}", count: 100)),
        (.username, "ada park"), (.gender, "robot"), (.email, "ada"), (.email, "ada@"), (.email, "@example.com"),
        (.email, "ada@example"), (.email, "a@b@example.com"), (.email, "ada@exa mple.com"), (.email, "ada@.com"),
        (.age, "-1"), (.age, "151"), (.age, "thirty"), (.age, "99999999999999999999999"),
        (.country, "KOR"), (.country, "K1"), (.cellphone, "call me"),
        (.cellphone, String(repeating: "1", count: 33)),
    ]

    @Test("what a field cannot hold is refused, naming the field", arguments: refused)
    func refusedText(_ field: PersonField, _ text: String) {
        var draft = PersonDraft(ada)
        draft[field] = text
        guard case .failure(let problems) = draft.person(id: ada.id, photo: nil) else {
            Issue.record("\(field) took \(text.debugDescription)")
            return
        }
        #expect(problems.all.map(\.field) == [field])
        #expect(problems[field]?.message.isEmpty == false)
    }

    @Test(
        "each field's samples for tests: two it takes, unlike each other and Jane's, and one it refuses",
        arguments: PersonField.allCases)
    func samples(_ field: PersonField) {
        let jane = Samples.people[0]
        let (valid, another, refused) = field.samples
        for text in [valid, another] {
            #expect(field.check(text) == .success(text), "\(field) takes \(text.debugDescription) as it is")
        }
        #expect(valid != another && ![valid, another].contains(field.text(of: jane)), "\(field)")
        #expect((try? field.check(refused).get()) == nil, "\(field) refuses \(refused.debugDescription)")
    }

    @Test("a control character is refused in every field", arguments: PersonField.allCases)
    func controlCharacters(_ field: PersonField) {
        for control in ["\u{0}", "\n", "\u{1B}[31m", "\u{7F}", "\u{85}"] {
            var draft = PersonDraft(ada)
            draft[field] = "a" + control + "b"
            guard case .failure(let problems) = draft.person(id: ada.id, photo: nil) else {
                Issue.record("\(field) took a control character \(control.debugDescription)")
                continue
            }
            #expect(problems[field]?.message == "Leave out control characters (tabs, line breaks).")
        }
    }

    @Test("every field's problem is given at once, in the fields' order")
    func allProblems() {
        let draft = PersonDraft([.email: "nope", .age: "200", .gender: "x"])
        guard case .failure(let problems) = draft.person(id: "1", photo: nil) else {
            Issue.record("an empty draft was taken")
            return
        }
        #expect(problems.all.map(\.field) == [.name, .gender, .email, .age])
        #expect(Fizzle.invalidPerson(problems).personProblems == problems)
        #expect(Fizzle.invalidPerson(problems).message.hasPrefix("The person was not saved. Name: Give a name."))
    }

    @Test("each field sets what it reads, and only that, and has a bit of its own", arguments: PersonField.allCases)
    func fieldsDeclared(_ field: PersonField) throws {
        let other = Person.sample(
            id: "z", name: "Zed Yu", nameParts: nil, username: "zy", gender: .male, email: "zed@example.org", age: 71,
            country: "NZ", cellphone: "999", photo: nil)
        var draft = PersonDraft(ada)
        draft[field] = field.text(of: other)
        let person = try draft.person(id: ada.id, photo: ada.photo).get()
        for each in PersonField.allCases {
            #expect(each.text(of: person) == (each == field ? other : ada).map(each), "\(each)")
        }
        #expect(PersonField.allCases.filter { $0.bit == field.bit } == [field])
    }

    @Test(
        "each field's bit is the one users' files keep, wherever its case is declared", arguments: PersonField.allCases)
    func bitsKept(_ field: PersonField) {
        // The bits written into users' files so far: each stays its field's. A field not yet
        // shipped takes a bit none of them has (and is added here once it ships).
        let kept: [PersonField: Int] = [
            .name: 1, .username: 2, .gender: 4, .email: 8, .age: 16, .country: 32, .cellphone: 64, .givenName: 128,
            .middleName: 256, .familyName: 512, .namePrefix: 1_024, .nameSuffix: 2_048,
        ]
        if let bit = kept[field] {
            #expect(bit == field.bit, "\(field)'s bit moved: users' files say \(bit)")
        } else {
            #expect(!kept.values.contains(field.bit), "\(field) takes a bit a shipped field has")
        }
        #expect(field.bit.nonzeroBitCount == 1 && field.bit < 1 << 62, "one bit of the column's 63")
    }

    @Test("over a stored person, a value another client wrote is kept as it is; only what is typed is checked")
    func outsideValuesKept() throws {
        var theirs = ada
        theirs.cellphone = "+49 30 2261 0 ext. 4567 (front desk, ask for Ada)"
        theirs.username = "The Enchantress"
        theirs.email = "Ada <ada at example dot org>"
        var draft = PersonDraft(theirs)
        draft[.age] = "37"
        let saved = try draft.person(id: ada.id, photo: nil, over: theirs).get()
        #expect(saved.cellphone == theirs.cellphone && saved.username == theirs.username && saved.email == theirs.email)
        #expect(saved.age == 37)
        draft[.cellphone] = "+49 30 ext. 9"
        let problems = try #require(draft.person(id: ada.id, photo: nil, over: theirs).failure)
        #expect(problems.all.map(\.field) == [.cellphone])
        #expect(draft.person(id: ada.id, photo: nil).failure?.all.map(\.field) == [.username, .email, .cellphone])
    }

    @Test("a draft goes through a journal as JSON and as Swift, a field it does not know left out")
    func recorded() throws {
        let draft = PersonDraft([.name: "Ada \"A\" Park", .age: "36"])
        let json = try JSONEncoder().encode(draft)
        #expect(try JSONDecoder().decode(PersonDraft.self, from: json) == draft)
        let odd = Data(#"{"name":"Ada","photo":"https://evil.example/x.jpg","age":"3"}"#.utf8)
        #expect(try JSONDecoder().decode(PersonDraft.self, from: odd) == PersonDraft([.name: "Ada", .age: "3"]))
        #expect(draft.recordedSource == #"PersonDraft([.name: "Ada \"A\" Park", .age: "36"])"#)
        #expect(PersonDraft().recordedSource == "PersonDraft([:])")
    }
}

extension Result {
    /// The failure, if it is one.
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}

extension Person {
    /// The text of `field`, as a form shows it.
    fileprivate func map(_ field: PersonField) -> String { field.text(of: self) }
}
