import Persons
import PersonsGear

// A person as an address book card, and a card as a person: the one place the app's fields meet
// vCard's. The app writes vCard 3.0, the version iCloud serves and every CardDAV server and
// client reads; the fields vCard has no property for are `X-PURE-` properties, which other
// clients keep as they are.
extension VCard {
    /// The card of `person`: `kept` (the card as the address book last had it) with each property
    /// the app writes set to the person's (see ``PersonField/cardProperty``), and every other
    /// property, a photo or a note another client set, as it was; a new vCard 3.0 without one.
    init(_ person: Person, keeping kept: VCard? = nil) {
        self =
            kept
            ?? VCard(properties: [
                Property(name: "VERSION", value: "3.0"), Property(name: "PRODID", value: "-//Pure//Persons//EN"),
            ])
        setText("UID", person.id)
        for field in PersonField.allCases { set(field, of: person) }
    }

    /// Sets the property of `field` to `person`'s value.
    private mutating func set(_ field: PersonField, of person: Person) {
        let text = field.text(of: person)
        switch field {
        case .name:
            // N follows FN when FN changes: a client that shows N shows the new name.
            if self.text("FN") != text || first("N") == nil {
                let words = text.split(separator: " ")
                let family = words.count > 1 ? String(words[words.count - 1]) : ""
                let given = words.count > 1 ? words.dropLast().joined(separator: " ") : text
                setValue("N", VCard.escaped(family) + ";" + VCard.escaped(given) + ";;;")
            }
            setText("FN", text)
        case .email:
            setValue(
                at: properties.firstIndex { $0.name == "EMAIL" }, "EMAIL", VCard.escaped(text),
                parameters: "TYPE=INTERNET")
        case .cellphone:
            let index =
                properties.firstIndex { $0.name == "TEL" && $0.hasType("CELL") }
                ?? properties.firstIndex { $0.name == "TEL" }
            setValue(at: index, "TEL", VCard.escaped(text), parameters: "TYPE=CELL")
        case .username, .gender, .age, .country:
            setText(field.cardProperty, text)
        }
    }

    /// This card as a person, or why it cannot be one: no UID to keep them by, or one that is not
    /// an id. Text comes in plain (control characters a space) and no longer than its field
    /// holds; a name falls back on N, then the nick; an age on the birthday (`BDAY`); a gender on
    /// vCard 4's `GENDER`.
    func person(currentYear: Int) -> Result<Person, SkippedRecords.Reason> {
        let id: Person.ID
        switch OutsidePerson.id(text("UID")) {
        case .success(let checked): id = checked
        case .failure(let reason): return .failure(reason)
        }
        func value(_ field: PersonField, _ text: String?) -> String {
            String(String.UnicodeScalarView((text?.plain ?? "").unicodeScalars.prefix(field.limit)))
        }
        let structured = first("N").map {
            VCard.unescaped(
                $0.value.split(separator: ";", omittingEmptySubsequences: false).prefix(2).reversed().joined(
                    separator: " "))
        }
        let name =
            [text("FN"), structured, text("NICKNAME")].lazy.map { value(.name, $0) }.first { !$0.isEmpty } ?? "Unknown"
        let cell = properties.first { $0.name == "TEL" && $0.hasType("CELL") } ?? first("TEL")
        let gender = text(PersonField.gender.cardProperty) ?? text("GENDER").map(Self.gender)
        let region = (text(PersonField.country.cardProperty)?.plain ?? "").uppercased()
        return .success(
            Person(
                id: id, name: name, username: value(.username, text("NICKNAME")), gender: Gender(reported: gender),
                email: value(.email, text("EMAIL")),
                age: OutsidePerson.plausibleAge(text(PersonField.age.cardProperty).flatMap { Int($0) })
                    ?? OutsidePerson.age(born: text("BDAY"), currentYear: currentYear) ?? 0,
                country: region.count == 2 && region.allSatisfy({ $0.isASCII && $0.isLetter }) ? region : "ZZ",
                cellphone: cell.map { value(.cellphone, VCard.unescaped($0.value)) }.flatMap { $0.isEmpty ? nil : $0 }))
    }

    /// vCard 4's `GENDER` (`F`, `M`, `O;…`) as the app's words.
    private static func gender(_ value: String) -> String {
        switch value.prefix(1).uppercased() {
        case "F": Gender.female.rawValue
        case "M": Gender.male.rawValue
        default: Gender.unknown.rawValue
        }
    }
}

extension PersonField {
    /// The vCard property that holds the field.
    var cardProperty: String {
        switch self {
        case .name: "FN"
        case .username: "NICKNAME"
        case .gender: "X-PURE-GENDER"
        case .email: "EMAIL"
        case .age: "X-PURE-AGE"
        case .country: "X-PURE-REGION"
        case .cellphone: "TEL"
        }
    }
}
