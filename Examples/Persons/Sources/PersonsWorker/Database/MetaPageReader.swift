import Foundation
import GRDB
import Persons

/// Reads one page of list rows for a request, fast at any depth of a million people.
///
/// - Everyone: the page's anchor, then the next 100 rows from it in index order.
/// - One region: the region's position in region order from `region_count`, then the anchor
///   of that position.
/// - A search: see `SearchPageReader`.
struct MetaPageReader {
    let request: PageRequest

    /// The page asked for, from 0, clamped so that `page * PageRequest.size` cannot overflow
    /// whoever built the request.
    private var page: Int { min(max(0, request.criteria.page), PageRequest.pageRange.upperBound) }

    /// The reader of the request's search; `nil` when it searches nothing.
    private var search: SearchPageReader? {
        let search = SearchWords(request.criteria.search)
        guard !search.text.isEmpty else { return nil }
        return SearchPageReader(search: search, region: request.criteria.region, isRegion: request.isRegion)
    }

    func read(_ db: Database) throws -> MetaPage {
        if let search {
            return try search.read(page: page, db)
        }
        if let region = request.criteria.region {
            return try regionPage(region, page: page, db)
        }
        return try everyonePage(page: page, db)
    }

    // MARK: - Browsing

    private func everyonePage(page: Int, _ db: Database) throws -> MetaPage {
        let ordering = ListOrder(isRegion: request.isRegion)
        let total = try PageIndex.total(db)
        guard let anchor = try PageIndex.anchor(ordering, page: page, db) else {
            return MetaPage(metas: [], total: total)
        }
        let (condition, arguments) = ordering.keyset(">=", anchor)
        let metas = try rows(
            where: "WHERE \(condition)", ordering.orderClause, limit: PageRequest.size, offset: 0, arguments, db)
        return MetaPage(metas: metas, total: total)
    }

    private func regionPage(_ region: String, page: Int, _ db: Database) throws -> MetaPage {
        let (count, start) = try PageIndex.region(region, db)
        let position = page * PageRequest.size
        guard position < count else { return MetaPage(metas: [], total: count) }
        let global = start + position
        var fromName = ""
        var fromID = ""
        var skip = position
        if let anchor = try PageIndex.anchor(.byRegion, page: global / PageRequest.size, db),
            anchor["country"] as String == region
        {
            fromName = anchor["name"]
            fromID = anchor["id"]
            skip = global % PageRequest.size
        }
        let metas = try rows(
            where: "WHERE country = ? AND (name, id) >= (?, ?)", ListOrder.byName.orderClause,
            limit: PageRequest.size, offset: skip, [region, fromName, fromID], db)
        return MetaPage(metas: metas, total: count)
    }

    // MARK: - SQL

    private func rows(
        where condition: String, _ order: String, limit: Int, offset: Int, _ arguments: StatementArguments,
        _ db: Database
    ) throws -> [Person.Meta] {
        try Row.fetchAll(
            db,
            sql: "SELECT \(Person.Meta.selection) FROM person \(condition) \(order) LIMIT \(limit) OFFSET \(offset)",
            arguments: arguments
        ).map(Person.Meta.init(row:))
    }

    /// How many rows match, counting no further than `limit`.
    private func count(
        where condition: String, _ arguments: StatementArguments, _ limit: Int, _ db: Database
    ) throws
        -> Int
    {
        try Int.fetchOne(
            db, sql: "SELECT count(*) FROM (SELECT 1 FROM person \(condition) LIMIT \(limit))", arguments: arguments)
            ?? 0
    }
}
