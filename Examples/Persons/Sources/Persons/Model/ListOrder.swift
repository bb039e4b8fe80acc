/// An order the people list comes in, declared once: the fields it sorts by, most significant
/// first. The database's index, its page index, its readers and the tests' reference are all
/// made from this declaration, so a new order is a new case here and nothing else to keep in
/// step.
///
/// ```swift
/// ListOrder(isRegion: true).fields            // [.country, .name, .id]
/// people.sorted(by: ListOrder.byName.precedes) // as the database lists them
/// ```
public enum ListOrder: Int, CaseIterable, Sendable {
    /// By name, then id.
    case byName = 0
    /// By region, then name, then id.
    case byRegion = 1

    /// A field a list order sorts by: a column of the people's table, of the same name.
    public enum Field: String, CaseIterable, Sendable {
        /// The region code, compared byte by byte.
        case country
        /// The name, compared without ASCII case (SQLite's `NOCASE`).
        case name
        /// The id, compared byte by byte: it makes the order total.
        case id
    }

    /// The order of a list grouped by region, or not.
    public init(isRegion: Bool) {
        self = isRegion ? .byRegion : .byName
    }

    /// The fields some order sorts by, in ``Field`` order: what the list's own tables carry
    /// beside each person's id.
    public static var sortedFields: [Field] {
        Field.allCases.filter { field in allCases.contains { $0.fields.contains(field) } }
    }

    /// The fields it sorts by, most significant first.
    public var fields: [Field] {
        switch self {
        case .byName: [.name, .id]
        case .byRegion: [.country, .name, .id]
        }
    }

    /// Whether `left` comes before `right`, as the database compares them.
    public func precedes(_ left: Person.Meta, _ right: Person.Meta) -> Bool {
        for field in fields {
            let (a, b) = (Self.key(field, left), Self.key(field, right))
            if a != b { return a.lexicographicallyPrecedes(b) }
        }
        return false
    }

    /// The bytes `field` of `meta` is compared by: UTF-8, the name's ASCII letters lower-cased.
    private static func key(_ field: Field, _ meta: Person.Meta) -> [UInt8] {
        switch field {
        case .country: Array(meta.country.utf8)
        case .id: Array(meta.id.utf8)
        case .name: meta.name.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        }
    }
}
