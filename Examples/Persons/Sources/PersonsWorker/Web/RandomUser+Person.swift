import Foundation
import Persons
import PersonsGear

extension RandomUser {
    /// This record as a person, or why it cannot be one: no id to keep it by, or an id that is
    /// not one (control characters, longer than ``idLimit``). Missing fields get plain defaults;
    /// an age missing from the record is worked out from the birth date. Text comes in plain:
    /// each control character (NUL, line breaks, escapes) a space, so that nothing a terminal or
    /// SQLite reads as special gets in, and no two words of one name differ by one alone.
    func person(currentYear: Int) -> Result<Person, SkippedRecords.Reason> {
        guard let id = login?.uuid?.trimmedOfSpaces, !id.isEmpty else { return .failure(.missingID) }
        guard id.count <= Self.idLimit,
            !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            return .failure(.invalidID)
        }
        let username = login?.username?.plain ?? ""
        let fullName = [name?.first, name?.last].compactMap { $0?.plain }.filter { !$0.isEmpty }
            .joined(separator: " ")
        return .success(
            Person(
                id: id,
                name: fullName.isEmpty ? (username.isEmpty ? "Unknown" : username) : fullName,
                username: username,
                gender: Gender(reported: gender),
                email: email?.plain ?? "",
                age: Self.plausibleAge(dob?.age) ?? Self.age(born: dob?.date, currentYear: currentYear) ?? 0,
                country: Self.countryCode(nat),
                cellphone: (cell ?? phone)?.plain,
                photo: Self.webAddress(picture?.large)
            ))
    }

    /// The longest id kept; a uuid has 36 characters.
    static let idLimit = 128

    /// An age a person can have; anything else reads as unknown.
    private static func plausibleAge(_ age: Int?) -> Int? {
        age.flatMap { (0...150).contains($0) ? $0 : nil }
    }

    /// The age of someone born on an ISO 8601 date ("1988-03-12T..."), by year.
    private static func age(born date: String?, currentYear: Int) -> Int? {
        guard let date, let year = Int(date.prefix(4)), year <= currentYear else { return nil }
        return plausibleAge(currentYear - year)
    }

    /// A two-letter country code, upper-cased; "ZZ" (unknown) for anything else.
    private static func countryCode(_ nat: String?) -> String {
        guard let code = nat?.uppercased(), code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return "ZZ" }
        return code
    }

    /// `address` if it is an absolute http(s) URL, so nothing else ever reaches an `<img src>`.
    private static func webAddress(_ address: String?) -> String? {
        guard let address, WebAddress.url(address) != nil else { return nil }
        return address
    }
}

extension String {
    /// The text with each control character a space, trimmed of white space.
    fileprivate var plain: String {
        // Control characters in UTF-8: bytes below 0x20, 0x7F, and 0xC2 0x80...0x9F (C1).
        var previous: UInt8 = 0
        let hasControls = utf8.contains { byte in
            defer { previous = byte }
            return byte < 0x20 || byte == 0x7F || (previous == 0xC2 && (0x80..<0xA0).contains(byte))
        }
        guard hasControls else { return trimmedOfSpaces }
        let spaced = unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) }
        return String(spaced).trimmedOfSpaces
    }

    /// The text without leading and trailing white space, without going through `NSString`
    /// (slow on Linux, and this runs for every downloaded record).
    fileprivate var trimmedOfSpaces: String {
        guard let first, let last, first.isWhitespace || last.isWhitespace else { return self }
        guard let start = firstIndex(where: { !$0.isWhitespace }), let end = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[start...end])
    }
}
