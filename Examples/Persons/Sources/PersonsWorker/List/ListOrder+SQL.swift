import GRDB
import Persons

/// A list order in SQL under filters, made from its fields (see ``Persons/ListOrder``): a field
/// a filter keeps to one value is left out of the ORDER BY and the keyset, so that the filter's
/// index serves the order.
extension ListOrder {
    /// Its ORDER BY clause under `filters`, or the reverse one.
    func orderClause(besides filters: [ListFilter], descending: Bool = false) -> String {
        "ORDER BY "
            + fields(besides: filters).map { $0.rawValue + (descending ? " DESC" : "") }
            .joined(separator: ", ")
    }

    /// The rows after (`>`) or before (`<`) `key` in this order under `filters`: the condition and
    /// its arguments; `nil` for a key of another order (another number of values).
    func keyset(
        _ comparison: String, _ key: ListKey, besides filters: [ListFilter]
    ) -> (
        condition: String, arguments: [String]
    )? {
        guard key.values.count == fields.count else { return nil }
        let free = fields(besides: filters)
        let values = zip(fields, key.values).filter { free.contains($0.0) }.map(\.1)
        let columns = free.map(\.rawValue).joined(separator: ", ")
        let marks = free.map { _ in "?" }.joined(separator: ", ")
        return ("(\(columns)) \(comparison) (\(marks))", values)
    }

    /// The rows from `text` on in the first field `filters` leave free: a jump by letter.
    func from(_ text: String, besides filters: [ListFilter]) -> (condition: String, arguments: [String]) {
        ("\(fields(besides: filters)[0].rawValue) >= ?", [text])
    }
}
