import Pure

/// A filter the people list can be narrowed by, declared once: the stored field it compares,
/// how a value from outside is checked, and the values offered for it. The database's search
/// and count tables and its indexes, the tests' reference and test data, `pure list --filter`
/// and the home page's search form (a field each, posted by its name) all follow from this
/// declaration, so a new filter on a stored field is a new case here and its four `switch`
/// cases, which the compiler asks for.
///
/// ```swift
/// ListFilter.gender.checked("Female")     // "female"
/// ListFilter.region.checked("kr")         // "KR"
/// ListFilter.region.checked("Korea")      // nil: not a value it can have
/// ```
public enum ListFilter: String, CaseIterable, CodingKey, CodingKeyRepresentable, Codable, Sendable {
    /// One region (country code).
    case region
    /// One gender, as the directory reports it.
    case gender

    /// The field of a person it compares: a column of the people's table of this name.
    public var field: String {
        switch self {
        case .region: "country"
        case .gender: "gender"
        }
    }

    /// The value of `person` it compares.
    public func value(of person: Person) -> String {
        switch self {
        case .region: person.country
        case .gender: person.gender.rawValue
        }
    }

    /// The values offered to choose from, or `nil` when any value ``checked(_:)`` accepts may be
    /// typed.
    public var choices: [String]? {
        switch self {
        case .region: nil
        case .gender: Gender.allCases.map(\.rawValue)
        }
    }

    /// `text` as it is stored, or `nil` when no stored value can be it: what outside input is
    /// checked with, once, where it comes in.
    public func checked(_ text: String) -> String? {
        let text = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        switch self {
        case .region:
            guard text.utf8.count == 2, text.utf8.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) }) else { return nil }
            return text.uppercased()
        case .gender:
            return Gender(rawValue: text.lowercased())?.rawValue
        }
    }

    /// What a value must be, as a person is told when one is refused: the choices, or what may
    /// be typed.
    ///
    /// ```swift
    /// ListFilter.gender.expected   // "one of female, male"
    /// ```
    public var expected: String {
        switch self {
        case .region: "a two-letter country code such as KR"
        case .gender: "one of " + Gender.allCases.map(\.rawValue).joined(separator: ", ")
        }
    }

    /// What a person reads next to its form field: `Region`.
    public var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

extension ListFilter: Recordable {
    /// The filter as Swift, for a test that makes a recorded call again.
    ///
    /// ```swift
    /// ListFilter.region.recordedSource   // ListFilter.region
    /// ```
    public var recordedSource: String { "ListFilter.\(rawValue)" }
}
