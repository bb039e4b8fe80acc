import Persons
import PersonsGear

// A person as an address book card, and a card as a person: the one place the app's fields meet
// vCard's. The app writes vCard 3.0, the version iCloud serves and every CardDAV server and
// client reads; the fields vCard 3.0 has no property for are `X-PURE-` properties, which other
// clients keep as they are. A card another client wrote is theirs: the app changes only the
// lines of the fields the user changed, and reads the values it cannot type as they are.
extension VCard {
    /// A new card of `person`: vCard 3.0, with a property for each field the person has a
    /// value for (none for an unknown gender, age or region).
    init(_ person: Person) {
        self.init(properties: [
            Property(name: "VERSION", value: "3.0"), Property(name: "PRODID", value: "-//Pure//Persons//EN"),
        ])
        setText("UID", person.id)
        update(from: nil, to: person)
    }

    /// Writes `person` over the card: the property of each field whose value differs from
    /// `base` (the person the card held as last agreed; `nil`: every field) is set, and every
    /// other line stays as it is.
    mutating func update(from base: Person?, to person: Person) {
        for field in PersonField.allCases where base.map({ field.text(of: $0) != field.text(of: person) }) ?? true {
            set(field, of: person, isNew: base == nil)
        }
    }

    /// Sets the property of `field` to `person`'s value; a value that means unknown (an unknown
    /// gender, a region `ZZ`, a new card's age 0) removes it.
    private mutating func set(_ field: PersonField, of person: Person, isNew: Bool) {
        let text = field.text(of: person)
        switch field {
        case .name:
            // N follows FN: a client that shows N shows the new name.
            let words = text.split(separator: " ")
            let family = words.count > 1 ? String(words[words.count - 1]) : ""
            let given = words.count > 1 ? words.dropLast().joined(separator: " ") : text
            setValue("N", VCard.escaped(family) + ";" + VCard.escaped(given) + ";;;")
            setText("FN", text)
        case .username:
            // The first nickname of the list is the app's; the others stay.
            let index = properties.firstIndex { $0.name == "NICKNAME" }
            let others = index.map { VCard.listed(properties[$0].value).dropFirst() } ?? []
            let value = ([text] + others).filter { !$0.isEmpty }.map(VCard.escaped).joined(separator: ",")
            setValue(at: index, "NICKNAME", value)
        case .gender:
            // A card that says its gender the vCard 4 way is written that way, unless the app's
            // own property is there (which reads first).
            let usesGender = first(field.cardProperty) == nil && (first("GENDER") != nil || version == "4.0")
            if usesGender {
                let sex = person.gender == .male ? "M" : person.gender == .female ? "F" : nil
                setValue("GENDER", sex)
            } else {
                setText(field.cardProperty, person.gender == .unknown ? nil : text)
            }
        case .email:
            setValue(at: preferred("EMAIL"), "EMAIL", VCard.escaped(text), parameters: "TYPE=INTERNET")
        case .cellphone:
            setValue(at: phoneIndex, "TEL", VCard.escaped(text), parameters: "TYPE=CELL")
        case .age:
            setText(field.cardProperty, isNew && person.age == 0 ? nil : text)
        case .country:
            setText(field.cardProperty, text == "ZZ" ? nil : text)
        }
    }

    /// The index of the phone the app shows and edits: the one the card prefers, else its mobile
    /// number, else its first.
    var phoneIndex: Int? {
        let preferred = preferred("TEL")
        let isMarked = preferred.map { !properties[$0].parameter("PREF").isEmpty || properties[$0].hasType("pref") }
        if isMarked == true { return preferred }
        return properties.firstIndex { $0.name == "TEL" && $0.hasType("CELL") } ?? preferred
    }

    /// This card as a person, or why it cannot be one: no UID to keep them by, or one that is not
    /// an id. Text comes in plain (control characters a space), as the card has it, up to
    /// ``PersonField/outsideLimit``; a name falls back on N, then the nick; an age on the
    /// birthday (`BDAY`); a gender on vCard 4's `GENDER`; the email and phone are the ones the
    /// card prefers.
    func person(currentYear: Int) -> Result<Person, SkippedRecords.Reason> {
        let id: Person.ID
        switch OutsidePerson.id(text("UID")) {
        case .success(let checked): id = checked
        case .failure(let reason): return .failure(reason)
        }
        func value(_ text: String?) -> String {
            String(String.UnicodeScalarView((text?.plain ?? "").unicodeScalars.prefix(PersonField.outsideLimit)))
        }
        let structured = first("N").map { property in
            let parts = VCard.components(property.value)
            return [parts.dropFirst().first, parts.first].compactMap { $0 }.filter { !$0.isEmpty }.joined(
                separator: " ")
        }
        let nick = first("NICKNAME").flatMap { VCard.listed($0.value).first }
        let name = [text("FN"), structured, nick].lazy.map(value).first { !$0.isEmpty } ?? "Unknown"
        let gender = text(PersonField.gender.cardProperty) ?? text("GENDER").map(Self.gender)
        let region = (text(PersonField.country.cardProperty)?.plain ?? "").uppercased()
        let email = preferred("EMAIL").map { properties[$0].text }
        let cell = phoneIndex.map { value(properties[$0].text) }
        return .success(
            Person(
                id: id, name: name, username: value(nick), gender: Gender(reported: gender), email: value(email),
                age: OutsidePerson.plausibleAge(text(PersonField.age.cardProperty).flatMap { Int($0) })
                    ?? OutsidePerson.age(born: text("BDAY"), currentYear: currentYear) ?? 0,
                country: region.count == 2 && region.allSatisfy({ $0.isASCII && $0.isLetter }) ? region : "ZZ",
                cellphone: cell.flatMap { $0.isEmpty ? nil : $0 }))
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
