/// How a list's rows are sorted: its ``ListOrder``, after the region while the region switch is
/// on, and the id last so that the order is total. The database's indexes, its keyset reads and
/// the tests' reference are all made from the fields of every case.
///
/// ```swift
/// ListSort(order: .name, isRegion: true).fields        // [.country, .name, .id]
/// people.sorted(by: ListSort(order: .name, isRegion: false).precedes)   // as the database lists them
/// ```
public struct ListSort: Hashable, Sendable, CaseIterable {
    /// The order the person chose.
    public let order: ListOrder
    /// Whether the rows are grouped by region first (the region switch).
    public let isRegion: Bool

    /// The sort of `order`, grouped by region or not.
    public init(order: ListOrder, isRegion: Bool) {
        self.order = order
        self.isRegion = isRegion
    }

    /// Every order, grouped and not.
    public static var allCases: [ListSort] {
        ListOrder.allCases.flatMap { order in [false, true].map { ListSort(order: order, isRegion: $0) } }
    }

    /// The fields it sorts by, most significant first.
    public var fields: [ListField] {
        (isRegion ? [.country] : []) + order.fields.filter { $0 != .country && $0 != .id } + [.id]
    }

    /// The fields it sorts by that `filters` leave free: a field a filter keeps to one value
    /// sorts nothing, and a jump (``ListPosition/from(_:)``) goes by the first free one.
    ///
    /// ```swift
    /// ListSort(order: .name, isRegion: true).fields(besides: [.region])   // [.name, .id]
    /// ```
    public func fields(besides filters: some Collection<ListFilter>) -> [ListField] {
        fields.filter { field in !filters.contains { $0.field == field.rawValue } }
    }

    /// Whether `left` comes before `right`, as the database compares them.
    public func precedes(_ left: Person.Meta, _ right: Person.Meta) -> Bool {
        precedes(key(of: left), key(of: right))
    }

    /// Whether the key `left` comes before `right` in this sort, as the database compares them,
    /// under `filters` (the fields they keep to one value are not compared).
    public func precedes(_ left: ListKey, _ right: ListKey, besides filters: [ListFilter] = []) -> Bool {
        let free = fields(besides: filters)
        for (field, (a, b)) in zip(fields, zip(left.values, right.values)) where a != b && free.contains(field) {
            if field.precedes(a, b) || field.precedes(b, a) { return field.precedes(a, b) }
        }
        return left.values.count < right.values.count
    }

    /// The key of `meta` in this sort: where a page after or before it starts.
    public func key(of meta: Person.Meta) -> ListKey {
        ListKey(fields.map { $0.value(of: meta) })
    }
}
