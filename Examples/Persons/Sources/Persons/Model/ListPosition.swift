import Pure

/// Where a page of the people list starts: at the start, after or before a row's key, or from
/// a text (a jump by letter). The page's own rows give the positions of the pages around it
/// (``MetaPage/next``, ``MetaPage/previous``), so any page is one index seek away, however deep.
///
/// Its text form is what addresses, forms and `pure list` carry:
///
/// ```swift
/// ListPosition("after:Ada Park,id-1")   // .after(ListKey(["Ada Park", "id-1"]))
/// ListPosition("from:M")?.description   // "from:M"
/// ListPosition("start")                 // .start, and so is ""
/// ```
public enum ListPosition: Hashable, Sendable, LosslessStringConvertible, Codable {
    /// The first page.
    case start
    /// The page of the rows after this key.
    case after(ListKey)
    /// The page of the rows before this key.
    case before(ListKey)
    /// The page from the first row whose first sorted field is at or after this text.
    case from(String)

    /// The longest text form read from outside.
    public static let textLimit = 1_000

    /// Reads the text form; `nil` for anything else (too long, a control character, no such
    /// kind, a key of too many values).
    public init?(_ text: String) {
        guard text.utf8.count <= Self.textLimit,
            !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            return nil
        }
        if text.isEmpty || text == "start" {
            self = .start
            return
        }
        let (kind, rest) = (text.prefix { $0 != ":" }, text.drop { $0 != ":" }.dropFirst())
        guard kind.count < text.count else { return nil }
        switch kind {
        case "after":
            guard let key = ListKey(String(rest)) else { return nil }
            self = .after(key)
        case "before":
            guard let key = ListKey(String(rest)) else { return nil }
            self = .before(key)
        case "from" where !rest.isEmpty: self = .from(String(rest))
        default: return nil
        }
    }

    /// The text form.
    public var description: String {
        switch self {
        case .start: "start"
        case .after(let key): "after:\(key)"
        case .before(let key): "before:\(key)"
        case .from(let text): "from:\(text)"
        }
    }
}

extension ListPosition {
    /// The position as Swift (`.from("M")`, `.after(ListKey(["Ada Park", "id-1"]))`): how a
    /// journal records it, inside ``ListCriteria/recordedSource``.
    public var recordedSource: String {
        switch self {
        case .start: ".start"
        case .after(let key): ".after(ListKey(\(key.values.recordedSource)))"
        case .before(let key): ".before(ListKey(\(key.values.recordedSource)))"
        case .from(let text): ".from(\(text.recordedSource))"
        }
    }
}

/// A row's place in a list order: the values of the fields the order sorts by (a search's
/// order is the one its matches were stored in). The database worker makes keys and reads
/// them; a key that does not fit the list it is used with reads from the start.
///
/// ```swift
/// ListKey(["Ada Park", "id-1"]).description   // "Ada Park,id-1"
/// ```
public struct ListKey: Hashable, Sendable, LosslessStringConvertible, Codable {
    /// The values, most significant first.
    public let values: [String]

    /// The most values a key read from outside holds.
    public static let valueLimit = 8

    /// A key of these values.
    public init(_ values: [String]) {
        self.values = values
    }

    /// Reads the text form: the values separated by commas, each with `%` and `,` escaped.
    public init?(_ text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= Self.valueLimit else { return nil }
        values = parts.map { Self.unescaped(String($0)) }
    }

    /// The text form.
    public var description: String {
        values.map { value in
            value.reduce(into: "") { text, character in
                text += character == "%" ? "%25" : character == "," ? "%2C" : String(character)
            }
        }.joined(separator: ",")
    }

    /// A value of the text form with `%25` and `%2C` read back; any other `%` is itself.
    private static func unescaped(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let first = rest.first {
            if rest.hasPrefix("%25") || rest.hasPrefix("%2C") {
                result += rest.hasPrefix("%25") ? "%" : ","
                rest = rest.dropFirst(3)
            } else {
                result.append(first)
                rest = rest.dropFirst()
            }
        }
        return result
    }
}
