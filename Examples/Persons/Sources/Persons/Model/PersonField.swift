// Foundation, not only FoundationEssentials: trimming by `CharacterSet` is Foundation's.
import Foundation
import Pure

/// A field of a person that a user can edit, declared once: the edit form's inputs, `pure edit`'s
/// options, the checks of what is typed, and which fields the database keeps as edited here
/// (a directory sync leaves those as the user left them) all follow from these cases. The photo
/// is the directory's and is not edited here. What a person does not know is left empty: an age,
/// a region (``Person/noRegion``), the name's parts (which then follow the name).
///
/// ```swift
/// PersonField.email.check(" Ada@Example.com ")   // .success("Ada@Example.com")
/// PersonField.age.check("200")                   // .failure: "Give an age from 0 to 150."
/// ```
public enum PersonField: String, CaseIterable, CodingKey, Codable, Sendable {
    // Cases go in any order: each field's bit in the database is its own (``bit``).
    case name, username, gender, email, age, country, cellphone
    case givenName, middleName, familyName, namePrefix, nameSuffix

    /// What the field is called on a form and in a message.
    public var label: String {
        switch self {
        case .name: "Name"
        case .username: "Nick"
        case .gender: "Gender"
        case .email: "Email"
        case .age: "Age"
        case .country: "Region"
        case .cellphone: "Phone"
        case .givenName: "Given name"
        case .middleName: "Middle name"
        case .familyName: "Family name"
        case .namePrefix: "Name prefix"
        case .nameSuffix: "Name suffix"
        }
    }

    /// Whether the field is a part of the name (a card's `N`): shown on the form, and on a
    /// person's page only as the name they make.
    public var isNamePart: Bool {
        switch self {
        case .givenName, .middleName, .familyName, .namePrefix, .nameSuffix: true
        case .name, .username, .gender, .email, .age, .country, .cellphone: false
        }
    }

    /// The fields in the order a form shows them: as declared, the name's parts right after the
    /// name.
    ///
    /// ```swift
    /// PersonField.formOrder.prefix(3)   // [.name, .givenName, .middleName]
    /// ```
    public static var formOrder: [PersonField] {
        allCases.flatMap { field -> [PersonField] in
            field == .name ? [field] + allCases.filter(\.isNamePart) : field.isNamePart ? [] : [field]
        }
    }

    /// The most characters (Unicode scalars, so that no one character of a thousand marks gets
    /// past) the field holds.
    public var limit: Int {
        switch self {
        case .name: 100
        case .username: 64
        case .gender: 7
        case .email: 254
        case .age: 3
        case .country: 2
        case .cellphone: 32
        case .givenName, .middleName, .familyName: 100
        case .namePrefix, .nameSuffix: 32
        }
    }

    /// The most characters (Unicode scalars) of a value from outside (a card another client
    /// wrote) that the app keeps: such a value is shown as it came, even where it is longer than
    /// what a user may type (``limit``), and the card keeps it whole.
    public static let outsideLimit = 1_000

    /// The field's bit in the database's `edited` column: set once a user edits the field here.
    /// Pinned to the field, not to its place among the cases: users' files keep these bits, and
    /// a bit that moved would say another field was edited (and a sync would then keep what it
    /// should replace, and replace what the user typed). A new field takes a bit no field has.
    ///
    /// ```swift
    /// PersonField.email.bit   // 8
    /// ```
    public var bit: Int {
        switch self {
        case .name: 1 << 0
        case .username: 1 << 1
        case .gender: 1 << 2
        case .email: 1 << 3
        case .age: 1 << 4
        case .country: 1 << 5
        case .cellphone: 1 << 6
        case .givenName: 1 << 7
        case .middleName: 1 << 8
        case .familyName: 1 << 9
        case .namePrefix: 1 << 10
        case .nameSuffix: 1 << 11
        }
    }

    /// Texts the field takes and one it refuses, declared with the field so that a new field
    /// names its own: two it takes, unlike each other and unlike the sample person Jane's (the
    /// app's tests), and one its ``check(_:)`` refuses. Tests type them; `PersonDraftTests` puts
    /// each through the check.
    ///
    /// ```swift
    /// PersonField.email.samples.valid   // "zed@example.org"
    /// ```
    public var samples: (valid: String, another: String, refused: String) {
        switch self {
        case .name: ("Zed Yu", "Yan Yu", "")
        case .username: ("zed", "yan", "zed yu")
        case .gender: ("male", "unknown", "robot")
        case .email: ("zed@example.org", "yan@example.org", "zed@")
        case .age: ("77", "78", "151")
        case .country: ("NZ", "FI", "NZL")
        case .cellphone: ("111", "222", "call me")
        case .givenName, .middleName, .familyName, .namePrefix, .nameSuffix:
            ("Zed", "Yan", String(repeating: "z", count: limit + 1))
        }
    }

    /// The field of `person`, as a form shows it: empty for what is not known (an age, a
    /// region), the name's parts as given or as made of the name.
    ///
    /// ```swift
    /// PersonField.age.text(of: person)   // "36"
    /// ```
    public func text(of person: Person) -> String {
        switch self {
        case .name: person.name
        case .username: person.username
        case .gender: person.gender.rawValue
        case .email: person.email
        case .age: person.age.map(String.init) ?? ""
        case .country: person.country == Person.noRegion ? "" : person.country
        case .cellphone: person.cellphone ?? ""
        case .givenName: person.parts.given
        case .middleName: person.parts.middle
        case .familyName: person.parts.family
        case .namePrefix: person.parts.prefix
        case .nameSuffix: person.parts.suffix
        }
    }

    /// Sets the field of `person` to `text`: one ``check(_:)`` returned, or one that came in
    /// plain from outside. A name that is its parts joined follows a part set; parts that are
    /// those the app makes of the name follow a name set.
    ///
    /// ```swift
    /// PersonField.email.set("ada@example.org", on: &person)
    /// ```
    public func set(_ text: String, on person: inout Person) {
        let before = person.parts
        switch self {
        case .name: person.name = text
        case .username: person.username = text
        case .gender: person.gender = Gender(reported: text)
        case .email: person.email = text
        case .age: person.age = Int(text)
        case .country: person.country = text.isEmpty ? Person.noRegion : text
        case .cellphone: person.cellphone = text.isEmpty ? nil : text
        case .givenName, .middleName, .familyName, .namePrefix, .nameSuffix:
            var parts = before
            set(text, in: &parts)
            // A name made of its parts follows them.
            if person.name == before.joined { person.name = parts.joined }
            person.nameParts = parts
        }
        // Parts that are those the app makes of the name follow it.
        if person.nameParts == NameParts(splitting: person.name) { person.nameParts = nil }
    }

    /// Sets the part of `parts` this field is; a field that is no part of the name sets nothing.
    func set(_ text: String, in parts: inout NameParts) {
        switch self {
        case .givenName: parts.given = text
        case .middleName: parts.middle = text
        case .familyName: parts.family = text
        case .namePrefix: parts.prefix = text
        case .nameSuffix: parts.suffix = text
        case .name, .username, .gender, .email, .age, .country, .cellphone: break
        }
    }

    /// The text as the field keeps it (trimmed, a region upper-cased), or what is wrong with it,
    /// in words for the person who typed it. Control characters are refused in every field.
    public func check(_ typed: String) -> Result<String, PersonProblem> {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return .failure(PersonProblem(field: self, message: "Leave out control characters (tabs, line breaks)."))
        }
        if text.unicodeScalars.count > limit {
            return .failure(PersonProblem(field: self, message: "Use at most \(limit) characters."))
        }
        return checkShape(text).map { .failure(PersonProblem(field: self, message: $0)) } ?? .success(kept(text))
    }

    /// A text that passed the checks as the field keeps it: a region upper-cased (none for
    /// ``Person/noRegion``), a gender lower-cased (`unknown` when none is given).
    private func kept(_ text: String) -> String {
        switch self {
        case .country: text.uppercased() == Person.noRegion ? "" : text.uppercased()
        case .gender: text.isEmpty ? Gender.unknown.rawValue : text.lowercased()
        default: text
        }
    }

    /// What is wrong with the shape of a trimmed text without control characters, if anything.
    private func checkShape(_ text: String) -> String? {
        switch self {
        case .name where text.isEmpty: return "Give a name."
        case .username where text.contains(where: \.isWhitespace): return "Use no spaces in a nick."
        case .gender where !text.isEmpty && Gender(rawValue: text.lowercased()) == nil:
            return "Choose one of " + Gender.allCases.map(\.rawValue).joined(separator: ", ") + "."
        case .email where !text.isEmpty && !Self.isEmailShaped(text):
            return "Give an address such as ada@example.com, or leave it empty."
        case .age where !text.isEmpty && Int(text).map({ !(0...150).contains($0) }) ?? true:
            return "Give an age from 0 to 150, or leave it empty."
        case .country where !text.isEmpty && (text.count != 2 || !text.allSatisfy({ $0.isASCII && $0.isLetter })):
            return "Give a two-letter country code, such as KR, or leave it empty."
        case .cellphone where !text.allSatisfy({ $0.isASCII && ($0.isNumber || " +-().".contains($0)) }):
            return "Use digits, spaces and + - ( ) . only."
        default: return nil
        }
    }

    /// One `@` between a local part and a domain of at least two labels, no white space.
    private static func isEmailShaped(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}

extension PersonField: Recordable {
    /// The field as Swift, for a test that makes a recorded call again.
    ///
    /// ```swift
    /// PersonField.email.recordedSource   // PersonField.email
    /// ```
    public var recordedSource: String { "PersonField.\(rawValue)" }
}
