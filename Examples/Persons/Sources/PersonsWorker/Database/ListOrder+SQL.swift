import GRDB
import Persons

/// A list order in SQL, made from its fields (see ``Persons/ListOrder``).
extension ListOrder {
    /// Its columns, comma-separated: `country, name, id`.
    var columns: String { fields.map(\.rawValue).joined(separator: ", ") }

    /// The ORDER BY clause of this order.
    var orderClause: String { "ORDER BY \(columns)" }

    /// The index of `person` that is this order: `person_by_region` for ``byRegion``.
    var indexName: String {
        let words = "\(self)".map { $0.isUppercase ? "_" + $0.lowercased() : String($0) }
        return "person_" + words.joined()
    }

    /// The index's columns: the order's, then the rest of what a list row and a search read,
    /// so that a page is read from the index alone.
    var indexColumns: [String] {
        fields.map(\.rawValue)
            + ["words", "username", "age", "country"].filter { column in
                !fields.contains { $0.rawValue == column }
            }
    }

    /// How the people's indexes differ from the orders' declarations, compared by their
    /// columns: the indexes no order declares as they are (an order gone, or its columns
    /// changed), to drop, and the orders whose index to make. Nothing while a sync has put the
    /// indexes off: it makes them itself (see `DeferredIndexes`).
    static func indexChanges(_ db: Database) throws -> (drop: [String], make: [ListOrder]) {
        guard try !DeferredIndexes.arePutOff(db) else { return ([], []) }
        let present = try db.indexes(on: "person").filter { $0.origin == .createIndex }
        let declared = Dictionary(uniqueKeysWithValues: allCases.map { ($0.indexName, $0.indexColumns) })
        let kept = present.filter { declared[$0.name] == $0.columns }.map(\.name)
        return (
            present.map(\.name).filter { !kept.contains($0) },
            allCases.filter { !kept.contains($0.indexName) }
        )
    }

    /// Makes this order's index.
    func makeIndex(_ db: Database) throws {
        try db.create(index: indexName, on: "person", columns: indexColumns)
    }

    /// Rows from `row` on in this order (`>=`), or before it (`<`): the condition and its
    /// arguments, read from `row`'s columns of the same names.
    func keyset(_ comparison: String, _ row: Row) -> (condition: String, arguments: StatementArguments) {
        let marks = fields.map { _ in "?" }.joined(separator: ", ")
        let values = fields.map { field -> DatabaseValue in row[field.rawValue] }
        return ("(\(columns)) \(comparison) (\(marks))", StatementArguments(values))
    }
}
