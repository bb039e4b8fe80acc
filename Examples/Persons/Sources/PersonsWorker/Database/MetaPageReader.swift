import Foundation
import GRDB
import Persons

/// Reads one page of list rows for a request, fast at any depth of a million people.
///
/// - Everyone: the page's anchor, then the next 100 rows from it in index order.
/// - One region: the region's position in region order from `region_count`, then the anchor
///   of that position.
/// - A search: the range of names with the prefix in the name index; grouped by region, the
///   same range region by region, in region order.
struct MetaPageReader {
    let request: PageRequest

    func read(_ db: Database) throws -> MetaPage {
        let search = request.search.trimmingCharacters(in: .whitespaces)
        // Clamped, so that `page * PageRequest.size` cannot overflow whoever built the request.
        let page = min(max(0, request.page), PageRequest.pageRange.upperBound)
        if search.isEmpty {
            if let region = request.region {
                return try regionPage(region, page: page, db)
            }
            return try everyonePage(page: page, db)
        }
        return try searchPage(NameRange(prefix: search), page: page, db)
    }

    // MARK: - Browsing

    private func everyonePage(page: Int, _ db: Database) throws -> MetaPage {
        let ordering = ListOrdering(isGrouped: request.isGrouped)
        let total = try PageIndex.total(db)
        guard let anchor = try PageIndex.anchor(ordering, page: page, db) else {
            return MetaPage(metas: [], total: total)
        }
        let sql: String
        let arguments: StatementArguments
        switch ordering {
        case .byName:
            sql = "WHERE (name, id) >= (?, ?)"
            arguments = [anchor["name"], anchor["id"]]
        case .byRegion:
            sql = "WHERE (country, name, id) >= (?, ?, ?)"
            arguments = [anchor["country"], anchor["name"], anchor["id"]]
        }
        let metas = try rows(where: sql, ordering.orderClause, limit: PageRequest.size, offset: 0, arguments, db)
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
            where: "WHERE country = ? AND (name, id) >= (?, ?)", ListOrdering.byName.orderClause,
            limit: PageRequest.size, offset: skip, [region, fromName, fromID], db)
        return MetaPage(metas: metas, total: count)
    }

    // MARK: - Searching

    private func searchPage(_ range: NameRange, page: Int, _ db: Database) throws -> MetaPage {
        let limit = MetaPage.countLimit + 1
        let counted: Int
        var metas: [Person.Meta]
        if let region = request.region {
            counted = try count(
                where: "WHERE country = ? AND name >= ? AND name < ?", [region, range.low, range.high], limit, db)
            metas = try rows(
                where: "WHERE country = ? AND name >= ? AND name < ?", ListOrdering.byName.orderClause,
                limit: PageRequest.size, offset: page * PageRequest.size, [region, range.low, range.high], db)
        } else {
            counted = try count(where: "WHERE name >= ? AND name < ?", [range.low, range.high], limit, db)
            metas =
                request.isGrouped
                ? try groupedSearch(range, page: page, db)
                : try rows(
                    where: "WHERE name >= ? AND name < ?", ListOrdering.byName.orderClause,
                    limit: PageRequest.size, offset: page * PageRequest.size, [range.low, range.high], db)
        }
        return MetaPage(
            metas: metas, total: min(counted, MetaPage.countLimit), isTotalCapped: counted > MetaPage.countLimit)
    }

    /// The page of a search in region order, read region by region so that each read is a
    /// range of the region index, never a sort of every match.
    private func groupedSearch(_ range: NameRange, page: Int, _ db: Database) throws -> [Person.Meta] {
        var skip = page * PageRequest.size
        var metas: [Person.Meta] = []
        for region in try PageIndex.regions(db) where metas.count < PageRequest.size {
            let condition = "WHERE country = ? AND name >= ? AND name < ?"
            let arguments: StatementArguments = [region, range.low, range.high]
            if skip > 0 {
                let here = try count(where: condition, arguments, skip, db)
                if here < skip {
                    skip -= here
                    continue
                }
            }
            metas += try rows(
                where: condition, ListOrdering.byName.orderClause, limit: PageRequest.size - metas.count, offset: skip,
                arguments, db)
            skip = 0
        }
        return metas
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
