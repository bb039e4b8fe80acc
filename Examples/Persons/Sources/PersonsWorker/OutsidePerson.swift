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

    /// The age of someone born on an ISO 8601 date ("1988-03-12T...", "19880312"), by year.
    static func age(born date: String?, currentYear: Int) -> Int? {
        guard let date, let year = Int(date.prefix(4)), year <= currentYear else { return nil }
        return plausibleAge(currentYear - year)
    }
}
