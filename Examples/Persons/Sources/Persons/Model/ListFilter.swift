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
public enum ListFilter: String, CaseIterable, CodingKey, CodingKeyRepresentable, Codable, Sendable,
    CustomStringConvertible
{
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

    /// The values offered to choose from whatever people have, or `nil` when the values people
    /// have are offered (see ``offered(_:chosen:)``).
    public var choices: [String]? {
        switch self {
        case .region: nil
        case .gender: Gender.allCases.map(\.rawValue)
        }
    }

    /// What a search form offers for this filter, each value with how many people have it, from
    /// `counts` (how many have each value): the declared ``choices``, else the values people have,
    /// in order; and `chosen` wherever it falls, even when nobody has it.
    ///
    /// ```swift
    /// ListFilter.region.offered(["US": 2, "KR": 3], chosen: "JP")
    /// // [("JP", 0), ("KR", 3), ("US", 2)]
    /// ```
    public func offered(_ counts: [String: Int], chosen: String?) -> [(value: String, count: Int)] {
        let values = choices ?? Set(counts.keys).union(chosen.map { [$0] } ?? []).sorted()
        return values.map { ($0, counts[$0] ?? 0) }
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

    /// A value of the filter as people read it: a region's code, or "No region" for
    /// ``Person/noRegion``; a gender as it is.
    ///
    /// ```swift
    /// ListFilter.region.valueLabel("ZZ")   // "No region"
    /// ```
    public func valueLabel(_ value: String) -> String {
        switch self {
        case .region: Listing.regionLabel(value)
        case .gender: value
        }
    }

    /// The filter's name, as its form field and the app state's paths show it: `region`.
    public var description: String { rawValue }

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
