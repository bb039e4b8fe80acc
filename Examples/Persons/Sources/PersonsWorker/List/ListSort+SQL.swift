import GRDB
import Persons

/// A list's sort in SQL under filters, made from its fields (see ``Persons/ListSort``): a field
/// a filter keeps to one value is left out of the ORDER BY and the keyset, so that the filter's
/// index serves the order.
extension ListSort {
    /// A keyset's or a jump's condition and its arguments.
    typealias Condition = (condition: String, arguments: [DatabaseValue])

    /// Its ORDER BY clause under `filters`, or the reverse one.
    func orderClause(besides filters: [ListFilter], descending: Bool = false) -> String {
        "ORDER BY "
            + fields(besides: filters).map { $0.rawValue + (descending ? " DESC" : "") }
            .joined(separator: ", ")
    }

    /// The rows after (`>`) or before (`<`) `key` in this sort under `filters`; `nil` for a key
    /// of another sort (another number of values, or a value its field cannot have).
    func keyset(_ comparison: String, _ key: ListKey, besides filters: [ListFilter]) -> Condition? {
        guard key.values.count == fields.count else { return nil }
        let free = fields(besides: filters)
        var values: [DatabaseValue] = []
        for (field, text) in zip(fields, key.values) where free.contains(field) {
            guard let value = field.databaseValue(text) else { return nil }
            values.append(value)
        }
        let columns = free.map(\.rawValue).joined(separator: ", ")
        let marks = free.map { _ in "?" }.joined(separator: ", ")
        return ("(\(columns)) \(comparison) (\(marks))", values)
    }

    /// The rows from `text` on in the first field `filters` leave free: a jump; `nil` for a text
    /// that field cannot have.
    func from(_ text: String, besides filters: [ListFilter]) -> Condition? {
        let first = fields(besides: filters)[0]
        return first.databaseValue(text).map { ("\(first.rawValue) >= ?", [$0]) }
    }
}

extension ListField {
    /// `text` as the database compares it with this field's column (an unknown number is the
    /// empty text, after every number); `nil` when the field cannot have it.
    func databaseValue(_ text: String) -> DatabaseValue? {
        guard accepts(text) else { return nil }
        return isNumber ? Int(text)?.databaseValue ?? "".databaseValue : text.databaseValue
    }
}
