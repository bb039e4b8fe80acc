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
        let name = normalized(name)
        var entries = [name]
        var index = name.utf8.startIndex
        while let space = name.utf8[index...].firstIndex(of: UInt8(ascii: " ")) {
            index = name.utf8.index(after: space)
            entries.append(String(name[index...]))
        }
        let user = normalized(username)
        if !user.isEmpty { entries.append(user) }
        entries.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var result: [(entry: String, previous: String)] = []
        for entry in entries where entry != result.last?.entry && !entry.isEmpty {
            result.append((entry, result.last?.entry ?? ""))
        }
        return result
    }

    /// A person's searchable text: a space before each word, and the username after a line
    /// break, so that a search with spaces cannot run from the name into the username.
    static func words(name: String, username: String) -> String {
        " " + normalized(name) + "\n " + normalized(username)
    }

    /// Lower-cased, white space trimmed and each run of it one space. Names are mostly ASCII,
    /// done byte by byte; any other text goes through Unicode's rules.
    private static func normalized(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var isAfterSpace = false
        for byte in text.utf8 {
            guard byte < 0x80 else {
                return text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                isAfterSpace = !bytes.isEmpty
                continue
            }
            if isAfterSpace {
                bytes.append(0x20)
                isAfterSpace = false
            }
            bytes.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
