import Foundation
import Persons
import PersonsGear
import PersonsTestSupport
import Testing

@testable import PersonsWorker

/// The cards of `Tests/Cards`, each in the shape a real client writes (its README says which):
/// the app reads them, and an edit of one field changes that field's lines and no other.
@Suite("Cards other clients wrote, read and written back")
struct CardCorpusTests {
    @Test("the corpus has at least 40 cards, and what a person reads in each is written down")
    func corpusSize() {
        #expect(CardCorpus.names.count >= 40)
        #expect(Set(CardFiles.expected.keys) == Set(CardCorpus.names), "a row for each card, a card for each row")
    }

    @Test("each card reads as a person reading it would: every field the app shows", arguments: CardCorpus.names)
    func readsAsWritten(_ name: String) throws {
        let person = try VCard(parsing: CardCorpus.text(name)).person(currentYear: 2026).get()
        let expected = try #require(CardFiles.expected[name], "no row for \(name) in CardFiles.expected")
        #expect(expected.differences(from: person) == [], "\(name)")
    }

    @Test("each card reads as a person, and goes back as it came, byte for byte", arguments: CardCorpus.names)
    func readsAndKeeps(_ name: String) throws {
        let text = try CardCorpus.text(name)
        let card = try VCard(parsing: text)
        #expect(card.serialized == text)
        let person = try card.person(currentYear: 2026).get()
        #expect(person.name != "Unknown" && !person.name.isEmpty)
        #expect(!person.email.isEmpty && person.cellphone != nil, "every card has an email and a phone")
    }

    @Test("what each client marks preferred is the email and phone read; the rest as it came")
    func preferred() throws {
        let read = { (name: String) in try VCard(parsing: CardCorpus.text(name)).person(currentYear: 2026).get() }
        #expect(try read("thunderbird-pref-second.vcf").email == "camille.dubois@example.fr")
        #expect(try read("davx5-pref-phone.vcf").email == "aisha.bello@work.example")
        #expect(try read("davx5-pref-phone.vcf").cellphone == "+234 1 555 0101")
        #expect(try read("apple-labels.vcf").email == "chiamaka@example.com")
        #expect(try read("apple-labels.vcf").cellphone == "+234 1 270 0000")
        #expect(try read("outlook-21.vcf").email == "john.smith@contoso.example")
        #expect(try read("outlook-21.vcf").cellphone == "(425) 555-0101", "no preference: the mobile number")
        #expect(try read("nickname-list.vcf").username == "Ada", "the first nickname of the list")
        let long = try read("davx5-long-phone.vcf").cellphone ?? ""
        #expect(long == "+49 30 2261 0 ext. 4567 (front desk, ask for Ada)", "longer than a typed phone, whole")
        #expect(try read("empty-fn.vcf").name == "Mariya Petrovna Ivanova", "an empty FN: the name N's parts make")
        #expect(try read("outlook-21-charset.vcf").name == "Åse Øvergaard")
        #expect(try read("davx5-gender.vcf").gender == .unknown, "GENDER:O is no gender the app has")
        #expect(try read("apple-birthday-no-year.vcf").age == nil, "a birthday without a year gives no age")
        #expect(try read("google-birthday-year.vcf").age == 2026 - 1987)
    }

    @Test("a line folded inside a letter and its accent, as Radicale folds, reads whole (RFC 6350 §3.2, octets)")
    func foldedInsideACharacter() throws {
        let text = try CardCorpus.text("radicale-folded-nfd.vcf")
        // A continuation whose first character, to Swift, is a space and an accent.
        let continuation = text.components(separatedBy: "\r\n").first { $0.unicodeScalars.first == " " }
        let second = continuation?.unicodeScalars.dropFirst().first
        #expect(second.map { $0.properties.canonicalCombiningClass != .notReordered } == true)
        #expect(continuation?.first != " ")
        let name = try VCard(parsing: text).person(currentYear: 2026).get().name
        #expect(name == "Đức Phước Lê Quý Đôn Phạm Ngọc Thạch Võ Nguyên".decomposedStringWithCanonicalMapping)
    }

    @Test(
        "an edit of one field changes that field's lines, and every other line stays as it came",
        arguments: CardCorpus.names, PersonField.allCases)
    func oneFieldChanges(_ name: String, _ field: PersonField) throws {
        let text = try CardCorpus.text(name)
        var card = try VCard(parsing: text)
        let before = try card.person(currentYear: 2026).get()
        let after = CardCorpus.edited(before, field)
        card.update(from: before, to: after)
        let written = card.serialized
        #expect(try VCard(parsing: written).person(currentYear: 2026).get() == after)
        #expect(try CardCorpus.otherLines(of: written, than: field) == CardCorpus.otherLines(of: text, than: field))
    }
}

/// The cards of `Tests/Cards` (``PersonsTestSupport/CardFiles``), and what the tests of a card's
/// round trip share.
enum CardCorpus {
    /// The file names of the cards, in order.
    static var names: [String] { CardFiles.names }

    static func text(_ name: String) throws -> String {
        try CardFiles.text(name)
    }

    /// `text` with every line ended by `\r\n`.
    static func crlf(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
    }

    /// `person` with `field` set to a value it does not have, as a user would type it: one of the
    /// field's own samples (``Persons/PersonField/samples``).
    static func edited(_ person: Person, _ field: PersonField) -> Person {
        var edited = person
        let (valid, another, _) = field.samples
        field.set(field.text(of: person) == valid ? another : valid, on: &edited)
        return edited
    }

    /// The lines of the card `text` as written (folds and all), but those of `field`: its
    /// properties (`FN` and `N` for the name; the one email or phone the app edits, not the
    /// others).
    static func otherLines(of text: String, than field: PersonField) throws -> [String] {
        let card = try VCard(parsing: text)
        let edited: Set<Int>
        switch field {
        case .email: edited = Set([card.preferred("EMAIL")].compactMap { $0 })
        case .cellphone: edited = Set([card.phoneIndex].compactMap { $0 })
        default:
            let names: Set<String> =
                switch field {
                case .name, .givenName, .middleName, .familyName, .namePrefix, .nameSuffix: ["FN", "N"]
                case .gender: ["GENDER", "X-PURE-GENDER"]
                default: [field.cardProperty]
                }
            edited = Set(card.properties.indices.filter { names.contains(card.properties[$0].name) })
        }
        return card.properties.indices.filter { !edited.contains($0) }.map { card.properties[$0].line ?? "(new)" }
    }
}
