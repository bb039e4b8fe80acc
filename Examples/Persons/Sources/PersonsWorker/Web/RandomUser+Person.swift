import Foundation
import Persons
import PersonsGear

extension RandomUser {
    /// This record as a person, or why it cannot be one: no id to keep it by, or an id that is
    /// not one (see `OutsidePerson.id(_:)`). What the record does not give is unknown;
    /// an age missing from the record is worked out from the birth date, else unknown. Text comes in plain:
    /// each control character (NUL, line breaks, escapes) a space, so that nothing a terminal or
    /// SQLite reads as special gets in, and no two words of one name differ by one alone.
    func person(currentYear: Int) -> Result<Person, SkippedRecords.Reason> {
        let id: Person.ID
        switch OutsidePerson.id(login?.uuid) {
        case .success(let checked): id = checked
        case .failure(let reason): return .failure(reason)
        }
        let username = login?.username?.plain ?? ""
        let fullName = [name?.first, name?.last].compactMap { $0?.plain }.filter { !$0.isEmpty }
            .joined(separator: " ")
        // What the directory does not give stays unknown (``Persons/Person/unknown(id:)``).
        var person = Person.unknown(id: id)
        person.name = fullName.isEmpty ? (username.isEmpty ? "Unknown" : username) : fullName
        person.username = username
        person.gender = Gender(reported: gender)
        person.email = email?.plain ?? ""
        person.age =
            OutsidePerson.plausibleAge(dob?.age) ?? OutsidePerson.age(born: dob?.date, currentYear: currentYear)
        person.country = Self.countryCode(nat)
        person.cellphone = (cell ?? phone)?.plain
        person.photo = Self.webAddress(picture?.large)
        return .success(person)
    }

    /// A two-letter country code, upper-cased; ``Persons/Person/noRegion`` for anything else.
    private static func countryCode(_ nat: String?) -> String {
        guard let code = nat?.uppercased(), code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return Person.noRegion }
        return code
    }

    /// `address` if it is an absolute http(s) URL, so nothing else ever reaches an `<img src>`.
    private static func webAddress(_ address: String?) -> String? {
        guard let address, WebAddress.url(address) != nil else { return nil }
        return address
    }
}
