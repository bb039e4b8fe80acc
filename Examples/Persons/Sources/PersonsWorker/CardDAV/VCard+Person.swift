import Persons
import PersonsGear

// A person as an address book card, and a card as a person: the one place the app's fields meet
// vCard's. The app writes vCard 3.0, the version iCloud serves and every CardDAV server and
// client reads; the fields vCard 3.0 has no property for are `X-PURE-` properties, which other
// clients keep as they are. A card another client wrote is theirs: the app changes only the
// lines of the fields the user changed, in the card's own version and forms, and reads the values
// it cannot type as they are.
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
            set(field, of: person)
        }
    }

    /// Sets the property of `field` to `person`'s value; a value that means unknown (an unknown
    /// gender, age or region) removes it.
    private mutating func set(_ field: PersonField, of person: Person) {
        let text = field.text(of: person)
        switch field {
        case .name:
            setText("FN", text)
        case .givenName, .middleName, .familyName, .namePrefix, .nameSuffix:
            // N's five components from the parts; any further components stay as they are.
            let parts = person.parts
            let index = properties.firstIndex { $0.name == "N" }
            let further = index.map { properties[$0].components.dropFirst(5) } ?? []
            let value = ([parts.family, parts.given, parts.middle, parts.prefix, parts.suffix] + further)
                .map(VCard.escaped).joined(separator: ";")
            setValue(at: index, "N", value)
        case .username:
            // The first nickname of the list is the app's; the others stay.
            let index = properties.firstIndex { $0.name == "NICKNAME" }
            let others = index.map { properties[$0].listed.dropFirst() } ?? []
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
            let index = phoneIndex
            // A number the card writes as a URI (vCard 4's `tel:`) stays one.
            let isURI = index.map { properties[$0].isTelephoneURI } ?? false
            setValue(at: index, "TEL", isURI ? Self.telephoneURI(text) : VCard.escaped(text), parameters: "TYPE=CELL")
        case .age, .country:
            setText(field.cardProperty, text.isEmpty ? nil : text)
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

    /// A phone number as a `tel:` URI (RFC 3966): its spaces as the hyphens the URI allows.
    ///
    /// ```swift
    /// VCard.telephoneURI("+1 555 0100")   // "tel:+1-555-0100"
    /// ```
    static func telephoneURI(_ number: String) -> String {
        guard !number.isEmpty else { return "" }
        return "tel:" + number.split(whereSeparator: \.isWhitespace).joined(separator: "-")
    }

    /// This card as a person, or why it cannot be one: no UID to keep them by, or one that is not
    /// an id. Text comes in plain (control characters a space), as the card has it, up to
    /// ``PersonField/outsideLimit``; a name falls back on N, then the nick; the name's parts are
    /// N's, unless they are the ones the app makes of the name (then they follow it); an age is
    /// `X-PURE-AGE`'s, else the birth date's (`BDAY` with a year, in any version's form), else
    /// unknown; a gender is vCard 4's `GENDER` too; the email and phone are the ones the card
    /// prefers, a phone written as a `tel:` URI read as its number.
    func person(currentYear: Int) -> Result<Person, SkippedRecords.Reason> {
        let id: Person.ID
        switch OutsidePerson.id(text("UID")) {
        case .success(let checked): id = checked
        case .failure(let reason): return .failure(reason)
        }
        func value(_ text: String?) -> String {
            String(String.UnicodeScalarView((text?.plain ?? "").unicodeScalars.prefix(PersonField.outsideLimit)))
        }
        let components = first("N").map { property in
            property.components.map(value) + Array(repeating: "", count: 5)
        }
        let parts = components.map {
            NameParts(family: $0[0], given: $0[1], middle: $0[2], prefix: $0[3], suffix: $0[4])
        }
        let nick = first("NICKNAME").flatMap { $0.listed.first }
        let name = [text("FN"), parts?.joined, nick].lazy.map(value).first { !$0.isEmpty } ?? "Unknown"
        let gender = text(PersonField.gender.cardProperty) ?? text("GENDER").map(Self.gender)
        let region = (text(PersonField.country.cardProperty)?.plain ?? "").uppercased()
        let email = preferred("EMAIL").map { properties[$0].text }
        let cell = phoneIndex.map { value(properties[$0].telephoneNumber) }
        let birthday = first("BDAY")
        return .success(
            Person(
                id: id, name: name,
                nameParts: parts.flatMap { $0.wereSplitTheOldWay(from: name) ? nil : $0 },
                username: value(nick), gender: Gender(reported: gender), email: value(email),
                age: OutsidePerson.plausibleAge(text(PersonField.age.cardProperty).flatMap { Int($0) })
                    ?? OutsidePerson.age(
                        born: birthday?.text, currentYear: currentYear,
                        omittedYear: birthday?.parameter("X-APPLE-OMIT-YEAR").first),
                country: region.count == 2 && region.allSatisfy({ $0.isASCII && $0.isLetter })
                    ? region : Person.noRegion,
                cellphone: cell.flatMap { $0.isEmpty ? nil : $0 },
                // No photo is read from a card: a person's photo is an address from the directory.
                photo: nil))
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

extension VCard.Property {
    /// Whether the value is a `tel:` URI (vCard 4's `TEL;VALUE=uri:tel:+1-555-0100`).
    var isTelephoneURI: Bool {
        parameter("VALUE").contains { $0.lowercased() == "uri" } || value.lowercased().hasPrefix("tel:")
    }

    /// The phone number the value holds: a `tel:` URI's number, its parameters (`;ext=`) kept.
    var telephoneNumber: String {
        let text = self.text
        return isTelephoneURI && text.lowercased().hasPrefix("tel:") ? String(text.dropFirst(4)) : text
    }
}

extension PersonField {
    /// The vCard property that holds the field.
    var cardProperty: String {
        switch self {
        case .name: "FN"
        case .givenName, .middleName, .familyName, .namePrefix, .nameSuffix: "N"
        case .username: "NICKNAME"
        case .gender: "X-PURE-GENDER"
        case .email: "EMAIL"
        case .age: "X-PURE-AGE"
        case .country: "X-PURE-REGION"
        case .cellphone: "TEL"
        }
    }
}
