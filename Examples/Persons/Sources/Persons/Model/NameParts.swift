/// A name in its parts, as a card's `N` holds them: family name, given name, middle names, and
/// the honorifics before and after. The app makes them of a whole name itself
/// (``init(splitting:)``) until a user or a card gives others.
///
/// ```swift
/// NameParts(splitting: "Dr. Ada Lovelace Jr.")   // family "Lovelace", given "Ada", prefix "Dr.", suffix "Jr."
/// NameParts(splitting: "Mary Ann Smith").given   // "Mary Ann"
/// ```
public struct NameParts: Equatable, Hashable, Sendable, Codable {
    /// The family name (`N`'s first component).
    public var family: String
    /// The given name (the second).
    public var given: String
    /// Middle names (the third).
    public var middle: String
    /// Honorifics before the name, such as "Dr." (the fourth).
    public var prefix: String
    /// Honorifics after it, such as "Jr." (the fifth).
    public var suffix: String

    /// Parts of these.
    public init(family: String, given: String, middle: String = "", prefix: String = "", suffix: String = "") {
        self.family = family
        self.given = given
        self.middle = middle
        self.prefix = prefix
        self.suffix = suffix
    }

    /// The parts as the app makes them of a whole `name`: honorifics it knows at either end
    /// ("Dr.", "Jr.", "III") as the prefix and suffix, the last word left as the family name, the
    /// words before it as the given name; a name of one word is a given name.
    public init(splitting name: String) {
        var words = name.split(whereSeparator: \.isWhitespace).map(String.init)
        var prefixes: [String] = []
        var suffixes: [String] = []
        while words.count > 1, let first = words.first, Self.prefixes.contains(Self.folded(first)) {
            prefixes.append(words.removeFirst())
        }
        while words.count > 1, let last = words.last, Self.suffixes.contains(Self.folded(last)) {
            suffixes.insert(words.removeLast(), at: 0)
        }
        let family = words.count > 1 ? words.removeLast() : ""
        self.init(
            family: family, given: words.joined(separator: " "), prefix: prefixes.joined(separator: " "),
            suffix: suffixes.joined(separator: " "))
    }

    /// Whether these are the parts an earlier version of the app made of `name`, by its last word
    /// alone ("Jr.;John Doe;;;" of "John Doe Jr."): such parts follow the name too.
    public func wereSplitTheOldWay(from name: String) -> Bool {
        let words = name.split(whereSeparator: \.isWhitespace).map(String.init)
        let family = words.count > 1 ? words[words.count - 1] : ""
        let given = words.count > 1 ? words.dropLast().joined(separator: " ") : name
        return self == NameParts(family: family, given: given)
    }

    /// The name these parts make, as a card's `FN` says it when it has none: prefix, given,
    /// middle, family and suffix, those given.
    ///
    /// ```swift
    /// NameParts(family: "Roe", given: "Jane").joined   // "Jane Roe"
    /// ```
    public var joined: String {
        [prefix, given, middle, family, suffix].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A word as the honorifics are compared: lower-cased, without a trailing comma or period.
    private static func folded(_ word: String) -> String {
        var word = word.lowercased()
        while word.last == "," || word.last == "." { word.removeLast() }
        return word
    }

    /// The honorifics the app reads as a prefix.
    private static let prefixes: Set<String> = ["dr", "mr", "mrs", "ms", "miss", "mx", "prof", "sir", "dame", "rev"]
    /// The honorifics the app reads as a suffix.
    private static let suffixes: Set<String> = [
        "jr", "sr", "ii", "iii", "iv", "v", "phd", "md", "esq", "dds", "mba", "obe", "mbe", "kc", "qc",
    ]
}
