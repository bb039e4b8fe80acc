/// A field of a person that a list order sorts by: a column of the people's table, of the same
/// name, and how its values compare and where a jump into it lands.
///
/// ```swift
/// ListField.name.precedes("ada", "Bo")   // true: ASCII case is ignored
/// ListField.id.jumps.isEmpty               // true
/// ```
public enum ListField: String, CaseIterable, Sendable {
    /// The region code, compared byte by byte.
    case country
    /// The name, compared without ASCII case (SQLite's `NOCASE`).
    case name
    /// The age in years, compared as a number; an unknown age (an empty key) after every one.
    case age
    /// The id, compared byte by byte: it makes the order total.
    case id

    /// Whether its values are whole numbers, compared as numbers (a key holds them as text).
    public var isNumber: Bool {
        switch self {
        case .age: true
        case .country, .name, .id: false
        }
    }

    /// The value of this field of `meta`, as a key holds it: empty for an unknown age, which the
    /// database keeps as an empty text, after every number.
    public func value(of meta: Person.Meta) -> String {
        switch self {
        case .country: meta.country
        case .name: meta.name
        case .age: meta.age.map(String.init) ?? ""
        case .id: meta.id
        }
    }

    /// Where a jump into this field lands, labelled: the letters for a text, each generation's
    /// youngest age for the age, none for the id.
    public var jumps: [(label: String, from: String)] {
        switch self {
        case .country, .name:
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }.map { ($0, $0) }
        case .age: Generation.allCases.map { ($0.label, String($0.youngest)) }
        case .id: []
        }
    }

    /// Whether `text` can be a value of this field (a number, or empty for an unknown one): a
    /// jump from anything else reads from the start.
    public func accepts(_ text: String) -> Bool {
        !isNumber || text.isEmpty || Int(text) != nil
    }

    /// Whether the value `left` of this field comes before `right`, as the database compares
    /// them: numbers by value (before any text, as SQLite orders an integer before a text),
    /// text by UTF-8 bytes, the name's ASCII letters lower-cased (SQLite's `NOCASE`).
    public func precedes(_ left: String, _ right: String) -> Bool {
        if isNumber {
            switch (Int(left), Int(right)) {
            case let (left?, right?): return left < right
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): break
            }
        }
        guard self == .name else { return left.utf8.lexicographicallyPrecedes(right.utf8) }
        let folded = { (byte: UInt8) in (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        return left.utf8.lazy.map(folded).lexicographicallyPrecedes(right.utf8.lazy.map(folded))
    }
}
