import GRDB
import Persons

/// The small tables that make any page of the list one index seek away: the first row of each
/// page in every order (`page_anchor`) and the number of people per region (`region_count`).
/// Rebuilt inside every transaction that changes people, so they always agree with them.
enum PageIndex {
    /// Recomputes both tables from the `person` table.
    static func rebuild(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM page_anchor")
        let fields = ListOrder.sortedFields
        let columns = fields.map(\.rawValue).joined(separator: ", ")
        for ordering in ListOrder.allCases {
            // A field the order does not sort by is left empty in its anchors, which keeps their
            // scan inside the order's index.
            let values = fields.map { field in
                ordering.fields.contains(field) ? field.rawValue : "'' AS \(field.rawValue)"
            }
            try db.execute(
                sql: """
                    INSERT INTO page_anchor (ordering, page, \(columns))
                    SELECT ?, (position - 1) / ?, \(columns) FROM (
                        SELECT \(values.joined(separator: ", ")), row_number() OVER (\(ordering.orderClause)) AS position
                        FROM person)
                    WHERE (position - 1) % ? = 0
                    """,
                arguments: [ordering.rawValue, PageRequest.size, PageRequest.size])
        }
        try db.execute(sql: "DELETE FROM region_count")
        try db.execute(
            sql: "INSERT INTO region_count (country, count) SELECT country, count(*) FROM person GROUP BY country")
    }

    /// How many people are stored.
    static func total(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT coalesce(sum(count), 0) FROM region_count") ?? 0
    }

    /// How many people a region has, and how many come before it in region order.
    static func region(_ code: String, _ db: Database) throws -> (count: Int, start: Int) {
        let count =
            try Int.fetchOne(db, sql: "SELECT count FROM region_count WHERE country = ?", arguments: [code]) ?? 0
        let start =
            try Int.fetchOne(
                db, sql: "SELECT coalesce(sum(count), 0) FROM region_count WHERE country < ?", arguments: [code]) ?? 0
        return (count, start)
    }

    /// Every region, in order.
    static func regions(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT country FROM region_count ORDER BY country")
    }

    /// The first row of page `page` in `ordering`, if the list is that long: its fields.
    static func anchor(_ ordering: ListOrder, page: Int, _ db: Database) throws -> Row? {
        try Row.fetchOne(
            db, sql: "SELECT \(ordering.columns) FROM page_anchor WHERE ordering = ? AND page = ?",
            arguments: [ordering.rawValue, page])
    }
}
