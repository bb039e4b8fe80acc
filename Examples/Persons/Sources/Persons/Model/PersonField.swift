// Foundation, not only FoundationEssentials: trimming by `CharacterSet` is Foundation's.
import Foundation
import Pure

/// A field of a person that a user can edit, declared once: the edit form's inputs, `pure edit`'s
/// options, the checks of what is typed, and which fields the database keeps as edited here
/// (a directory sync leaves those as the user left them) all follow from these cases. The photo
/// is the directory's and is not edited here.
///
/// ```swift
/// PersonField.email.check(" Ada@Example.com ")   // .success("Ada@Example.com")
/// PersonField.age.check("200")                   // .failure: "Give an age from 0 to 150."
/// ```
public enum PersonField: String, CaseIterable, CodingKey, Codable, Sendable {
    case name, username, gender, email, age, country, cellphone

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
        }
    }

    /// The most characters (Unicode scalars) of a value from outside (a card another client
    /// wrote) that the app keeps: such a value is shown as it came, even where it is longer than
    /// what a user may type (``limit``), and the card keeps it whole.
    public static let outsideLimit = 1_000

    /// The field's bit in the database's `edited` column: set once a user edits the field here.
    public var bit: Int { 1 << (Self.allCases.firstIndex(of: self) ?? 0) }

    /// The field of `person`, as a form shows it.
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
        case .age: String(person.age)
        case .country: person.country
        case .cellphone: person.cellphone ?? ""
        }
    }

    /// Sets the field of `person` to `text`: one ``check(_:)`` returned, or one that came in
    /// plain from outside.
    ///
    /// ```swift
    /// PersonField.email.set("ada@example.org", on: &person)
    /// ```
    public func set(_ text: String, on person: inout Person) {
        switch self {
        case .name: person.name = text
        case .username: person.username = text
        case .gender: person.gender = Gender(reported: text)
        case .email: person.email = text
        case .age: person.age = Int(text) ?? 0
        case .country: person.country = text
        case .cellphone: person.cellphone = text.isEmpty ? nil : text
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

    /// A text that passed the checks as the field keeps it: a region upper-cased, a gender
    /// lower-cased (`unknown` when none is given).
    private func kept(_ text: String) -> String {
        switch self {
        case .country: text.uppercased()
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
        case .age where Int(text).map({ !(0...150).contains($0) }) ?? true: return "Give an age from 0 to 150."
        case .country where text.count != 2 || !text.allSatisfy({ $0.isASCII && $0.isLetter }):
            return "Give a two-letter country code, such as KR (ZZ when unknown)."
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
