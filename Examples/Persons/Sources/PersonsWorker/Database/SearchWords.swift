/// What a search finds, and how a person is indexed for it. A search matches a person when it
/// starts one of the words of their name (and may go on into the next words: "ada p" finds
/// "Ada Park"), or starts their username. Case is ignored and runs of white space are one space.
///
/// Each person has a few *entries* in the `person_word` table: the name from each of its words
/// on, and the username. A search is then the range `low <= entry < high` of that table's index.
struct SearchWords {
    /// The search as entries are written: lower-cased, words separated by one space.
    let text: String

    init(_ search: String) {
        text = Self.normalized(search)
    }

    /// The least entry that matches.
    var low: String { text }

    /// Above every entry that matches: no entry continues the search with a character above
    /// the last Unicode scalar, and SQLite compares text by UTF-8 bytes, in scalar order.
    var high: String { text + "\u{10FFFF}" }

    /// What the search must contain in a person's ``words(name:username:)`` to match.
    var wordStart: String { " " + text }

    /// The entries of a person, sorted, each with the one before it ("" for the first). The
    /// entries that match a search are consecutive, so the first of them is the one whose
    /// previous entry is below the search: how a person is counted once.
    static func entries(name: String, username: String) -> [(entry: String, previous: String)] {
        let words = normalized(name).split(separator: " ")
        var entries = Set(words.indices.map { words[$0...].joined(separator: " ") })
        let user = normalized(username)
        if !user.isEmpty { entries.insert(user) }
        let sorted = entries.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return sorted.indices.map { (sorted[$0], $0 == 0 ? "" : sorted[$0 - 1]) }
    }

    /// A person's searchable text: a space before each word, and the username after a line
    /// break, so that a search with spaces cannot run from the name into the username.
    static func words(name: String, username: String) -> String {
        " " + normalized(name) + "\n " + normalized(username)
    }

    private static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
