import ArgumentParser
import Persons

/// The options of `pure edit` and `pure add`: one per ``PersonField``, named as `pure show`
/// labels the field. The texts are checked by the use case that saves them, as the form's are.
struct PersonFieldOptions: ParsableArguments {
    @Option(help: "The full name.")
    var name: String?
    @Option(help: "The nick (username).")
    var nick: String?
    @Option(help: ArgumentHelp("The gender.", valueName: Gender.allCases.map(\.rawValue).joined(separator: "|")))
    var gender: String?
    @Option(help: "The email address (empty for none).")
    var email: String?
    @Option(help: "The age in years, 0 to 150 (empty when unknown).")
    var age: String?
    @Option(help: "The region, as a two-letter country code (empty when unknown).")
    var region: String?
    @Option(help: "The phone number (empty for none).")
    var phone: String?
    @Option(help: "The given name.")
    var givenName: String?
    @Option(help: "The middle names.")
    var middleName: String?
    @Option(help: "The family name.")
    var familyName: String?
    @Option(help: "The name's prefix, such as Dr.")
    var namePrefix: String?
    @Option(help: "The name's suffix, such as Jr.")
    var nameSuffix: String?

    /// The text given for `field`, if any.
    func text(_ field: PersonField) -> String? {
        switch field {
        case .name: name
        case .username: nick
        case .gender: gender
        case .email: email
        case .age: age
        case .country: region
        case .cellphone: phone
        case .givenName: givenName
        case .middleName: middleName
        case .familyName: familyName
        case .namePrefix: namePrefix
        case .nameSuffix: nameSuffix
        }
    }

    /// Whether no field was given.
    var isEmpty: Bool { PersonField.allCases.allSatisfy { text($0) == nil } }

    /// The fields given, as a draft: what `pure add` stores, and what `pure edit` saves over the
    /// person as stored.
    var draft: PersonDraft {
        PersonField.allCases.reduce(into: PersonDraft()) { draft, field in
            if let text = text(field) { draft[field] = text }
        }
    }
}
