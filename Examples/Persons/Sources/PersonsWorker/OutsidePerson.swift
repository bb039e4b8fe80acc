import Persons

/// What a person from outside (the directory, an address book) is checked against as it comes
/// in, whichever the source: the id to keep them by, and an age they can have.
enum OutsidePerson {
    /// The longest id kept; a uuid has 36 characters.
    static let idLimit = 128

    /// `text` trimmed as an id, or why it cannot be one: none, or control characters or longer
    /// than ``idLimit``.
    static func id(_ text: String?) -> Result<Person.ID, SkippedRecords.Reason> {
        guard let id = text?.trimmedOfSpaces, !id.isEmpty else { return .failure(.missingID) }
        guard id.count <= idLimit, !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return .failure(.invalidID) }
        return .success(id)
    }

    /// An age a person can have; anything else reads as unknown.
    static func plausibleAge(_ age: Int?) -> Int? {
        age.flatMap { (0...150).contains($0) ? $0 : nil }
    }

    /// The age, by year, of someone born on `date` in any of the forms the directory and the
    /// vCard versions write ("1988-03-12T…", "19880312", "1988"); `nil` for a date without a year
    /// ("--0312", "--03-12"), or with the year a card says it leaves out (Apple's
    /// `X-APPLE-OMIT-YEAR=1604` on "1604-03-12": `omittedYear`), or any other text.
    static func age(born date: String?, currentYear: Int, omittedYear: String? = nil) -> Int? {
        guard let date = date?.trimmedOfSpaces, date.utf8.count >= 4,
            date.utf8.prefix(4).allSatisfy({ (0x30...0x39).contains($0) }),
            date.utf8.count == 4 || [UInt8(ascii: "-"), UInt8(ascii: "T")].contains(date.utf8.dropFirst(4).first)
                || date.utf8.dropFirst(4).prefix(4).allSatisfy({ (0x30...0x39).contains($0) }),
            let year = Int(date.prefix(4)), year <= currentYear, String(year) != omittedYear
        else { return nil }
        return plausibleAge(currentYear - year)
    }
}
