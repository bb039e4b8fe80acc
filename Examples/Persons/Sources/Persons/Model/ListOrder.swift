/// An order the people list comes in, declared once: the fields it sorts by, most significant
/// first. The database's indexes, its keyset reads and the tests' reference are all made from
/// this declaration, so a new order is a new case here and nothing else to keep in step.
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

        /// The value of this field of `meta`.
        public func value(of meta: Person.Meta) -> String {
            switch self {
            case .country: meta.country
            case .name: meta.name
            case .id: meta.id
            }
        }
    }

    /// The order of a list grouped by region, or not.
    public init(isRegion: Bool) {
        self = isRegion ? .byRegion : .byName
    }

    /// The fields it sorts by, most significant first.
    public var fields: [Field] {
        switch self {
        case .byName: [.name, .id]
        case .byRegion: [.country, .name, .id]
        }
    }

    /// The fields it sorts by that `filters` leave free: a field a filter keeps to one value
    /// sorts nothing, and a jump by letter (``ListPosition/from(_:)``) goes by the first free one.
    ///
    /// ```swift
    /// ListOrder.byRegion.fields(besides: [.region])   // [.name, .id]
    /// ```
    public func fields(besides filters: some Collection<ListFilter>) -> [Field] {
        fields.filter { field in !filters.contains { $0.field == field.rawValue } }
    }

    /// Whether `left` comes before `right`, as the database compares them.
    public func precedes(_ left: Person.Meta, _ right: Person.Meta) -> Bool {
        precedes(key(of: left), key(of: right))
    }

    /// Whether the key `left` comes before `right` in this order, as the database compares them,
    /// under `filters` (the fields they keep to one value are not compared).
    public func precedes(_ left: ListKey, _ right: ListKey, besides filters: [ListFilter] = []) -> Bool {
        let free = fields(besides: filters)
        for (field, (a, b)) in zip(fields, zip(left.values, right.values)) where a != b && free.contains(field) {
            if field.precedes(a, b) || field.precedes(b, a) { return field.precedes(a, b) }
        }
        return left.values.count < right.values.count
    }

    /// The key of `meta` in this order: where a page after or before it starts.
    public func key(of meta: Person.Meta) -> ListKey {
        ListKey(fields.map { $0.value(of: meta) })
    }
}

extension ListOrder.Field {
    /// Whether the value `left` of this field comes before `right`, as the database compares
    /// them: by UTF-8 bytes, the name's ASCII letters lower-cased (SQLite's `NOCASE`).
    public func precedes(_ left: String, _ right: String) -> Bool {
        bytes(left).lexicographicallyPrecedes(bytes(right))
    }

    private func bytes(_ value: String) -> [UInt8] {
        self == .name ? value.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 } : Array(value.utf8)
    }
}
