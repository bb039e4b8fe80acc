import GRDB
import Persons

/// A list order's field in SQL: how the list's own tables (`person_word`, `page_anchor`) keep
/// it beside each person's id, as the people's table does (its value: ``PersonRecord``).
extension ListOrder.Field {
    /// The column's type and collation, as in the people's table: without them a list's own
    /// table would sort the field another way than the people's index.
    var definition: String {
        switch self {
        case .country, .id: "TEXT"
        case .name: "TEXT COLLATE NOCASE"
        }
    }
}

extension ListOrder {
    /// The fields `person_word` keeps beside each entry, to sort a search's matches without
    /// reading the people: every sorted field but the id, which every entry has.
    static var searchFields: [Field] { sortedFields.filter { $0 != .id } }

    /// The columns some order sorts by that the list's own tables lack in this file: those of a
    /// field an order started to sort by after the file was made.
    static func missingColumns(_ db: Database) throws -> [(table: String, field: Field)] {
        try ["person_word", "page_anchor"].flatMap { table in
            let present = Set(try db.columns(in: table).map(\.name))
            return sortedFields.filter { !present.contains($0.rawValue) }.map { (table, $0) }
        }
    }

    /// Adds the `missing` columns, the search entries' filled from the people; the page anchors
    /// are made again by the caller.
    static func add(_ missing: [(table: String, field: Field)], _ db: Database) throws {
        for (table, field) in missing {
            try db.execute(sql: "ALTER TABLE \(table) ADD COLUMN \(field.rawValue) \(field.definition)")
        }
        let filled = missing.filter { $0.table == "person_word" }.map {
            "\($0.field.rawValue) = person.\($0.field.rawValue)"
        }
        guard !filled.isEmpty else { return }
        try db.execute(
            sql: "UPDATE person_word SET \(filled.joined(separator: ", ")) FROM person WHERE person.id = person_word.id"
        )
    }
}
