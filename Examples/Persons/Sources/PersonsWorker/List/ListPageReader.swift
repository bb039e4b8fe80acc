import Foundation
import GRDB
import Persons

/// Reads one page of the people list, and where the pages around it start, with SQL made from
/// the list's declarations (see `ListTables`). Every page is one index seek away, however deep:
///
/// - Without a search: the people under the filters, in the request's order, from the
///   position's key (keyset paging), counted from `person_count`.
/// - With a search: FTS5's matches in the ranges of rowids the filters keep, in rowid order
///   (the people's groups of filter values, then the order they were stored in), from the
///   position's key, counted by FTS5 up to ``Persons/MetaPage/countLimit``; each page's rows
///   shown in the request's order. Listing every match in name order would sort them all on
///   every page (BENCHMARKS.md).
struct ListPageReader {
    let request: PageRequest

    /// The filters, in declaration order: the SQL's conditions and their values.
    private var filters: [(filter: ListFilter, value: String)] {
        ListFilter.allCases.compactMap { filter in request.criteria.filters[filter].map { (filter, $0) } }
    }

    /// The filters' own list: each keeps its field to one value.
    private var fixed: [ListFilter] { filters.map(\.filter) }

    func read(_ db: Database) throws -> MetaPage {
        let search = request.criteria.search
        if search.isEmpty { return try browse(db) }
        guard let pattern = try pattern(search, db) else { return MetaPage(metas: [], total: 0) }
        return try find(pattern, db)
    }

    // MARK: - Browsing

    private func browse(_ db: Database) throws -> MetaPage {
        let sort = request.sort
        let total =
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT coalesce(sum(count), 0) FROM \(ListTables.counts)\(whereClause([]))"),
                arguments: StatementArguments(filters.map(\.value))) ?? 0
        let page: Page<Person.Meta>
        switch request.criteria.position {
        case .start: page = try Page(forward: rows(nil, db), isFirst: true)
        case .from(let text):
            let jump = sort.from(text, besides: fixed)
            page = try Page(forward: rows(jump, db), isFirst: jump == nil)
        case .after(let key): page = try Page(forward: rows(sort.keyset(">", key, besides: fixed), db))
        case .before(let key):
            let before = try sort.keyset("<", key, besides: fixed).map { try rows($0, descending: true, db) } ?? []
            // Fewer than a page before it (or a key of another list): the first page.
            page =
                try before.count < PageRequest.size
                ? Page(forward: rows(nil, db), isFirst: true) : Page(backward: before)
        }
        guard let first = page.rows.first, let last = page.rows.last else {
            return MetaPage(metas: [], total: total, previous: total > 0 ? .start : nil)
        }
        let (before, after) = (sort.key(of: first), sort.key(of: last))
        return MetaPage(
            metas: page.rows, total: total,
            previous: try page.hasPrevious ?? exists(sort.keyset("<", before, besides: fixed), db)
                ? .before(before) : nil,
            next: try page.hasNext ?? exists(sort.keyset(">", after, besides: fixed), db) ? .after(after) : nil)
    }

    /// A page's rows, from rows read with one more than a page: whether a page comes before or
    /// after it is known on the side it was read towards, and asked for on the other (`nil`).
    private struct Page<Row> {
        let rows: [Row]
        let hasPrevious: Bool?
        let hasNext: Bool?

        /// Rows read forwards; at the start, nothing comes before them.
        init(forward: [Row], isFirst: Bool = false) {
            rows = Array(forward.prefix(PageRequest.size))
            hasPrevious = isFirst ? false : nil
            hasNext = forward.count > PageRequest.size
        }

        /// Rows read backwards, nearest first.
        init(backward: [Row]) {
            rows = Array(backward.prefix(PageRequest.size).reversed())
            hasPrevious = backward.count > PageRequest.size
            hasNext = nil
        }
    }

    /// A page of the people under the filters and one row more, in the request's order (or its
    /// reverse), where `keyset` says; from the start without one.
    private func rows(
        _ keyset: ListSort.Condition?, descending: Bool = false, _ db: Database
    ) throws -> [Person.Meta] {
        let sort = request.sort
        return try Array(
            Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT \(Person.Meta.selection) FROM person\(whereClause(keyset.map { [$0.condition] } ?? []))
                        \(sort.orderClause(besides: fixed, descending: descending)) LIMIT \(PageRequest.size + 1)
                        """),
                arguments: StatementArguments(filters.map(\.value.databaseValue) + (keyset?.arguments ?? []))
            ).map(Person.Meta.init(row:)))
    }

    /// Whether a person under the filters is where `keyset` says.
    private func exists(_ keyset: ListSort.Condition?, _ db: Database) throws -> Bool {
        guard let keyset else { return false }
        return try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM person\(whereClause([keyset.condition])))"),
            arguments: StatementArguments(filters.map(\.value.databaseValue) + keyset.arguments)) ?? false
    }

    /// ` WHERE` each filter's field is its value, and each of `conditions` holds; empty for none.
    private func whereClause(_ conditions: [String]) -> String {
        let all = filters.map { "\($0.filter.field) = ?" } + conditions
        return all.isEmpty ? "" : " WHERE " + all.joined(separator: " AND ")
    }

    // MARK: - Searching

    /// The FTS5 query of a search: each word of it starts a word of the name or of the username
    /// (letters and digits apart, see `ListTables.searchable`). `nil` when the search has no
    /// words (only punctuation, say).
    private func pattern(_ search: String, _ db: Database) throws -> String? {
        let words = try db.makeTokenizer(ListTables.tokenizer).tokenize(query: ListTables.searchable(search))
            .filter { !$0.flags.contains(.colocated) }.map(\.token)
        guard !words.isEmpty else { return nil }
        return words.map { Self.quoted($0) + "*" }.joined(separator: " ")
    }

    /// The ranges of search rowids the filters keep, in order: one for each group of people whose
    /// values they keep (see `ListTables`), or every rowid without filters.
    private func ranges(_ db: Database) throws -> [ClosedRange<Int64>] {
        guard !filters.isEmpty else { return [0...Int64.max] }
        return try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT id FROM \(ListTables.counts)\(whereClause([])) ORDER BY id"),
            arguments: StatementArguments(filters.map(\.value))
        ).map { ($0 << 32)...($0 << 32 | 0xFFFF_FFFF) }
    }

    private func find(_ pattern: String, _ db: Database) throws -> MetaPage {
        let ranges = try ranges(db)
        guard !ranges.isEmpty else { return MetaPage(metas: [], total: 0) }
        let arms = ranges.map { _ in
            "SELECT 1 FROM \(ListTables.search) WHERE \(ListTables.search) MATCH ? AND rowid BETWEEN ? AND ?"
        }
        var arguments: StatementArguments = []
        for range in ranges { arguments += [pattern, range.lowerBound, range.upperBound] }
        arguments += [MetaPage.countLimit + 1]
        let counted =
            try Int.fetchOne(
                db.cachedStatement(
                    sql: "SELECT count(*) FROM (SELECT 1 FROM (\(arms.joined(separator: " UNION ALL "))) LIMIT ?)"),
                arguments: arguments) ?? 0
        guard counted > 0 else { return MetaPage(metas: [], total: 0) }
        let (total, isCapped) = (min(counted, MetaPage.countLimit), counted > MetaPage.countLimit)
        let page: Page<Int64>
        switch request.criteria.position {
        case .start, .from: page = try Page(forward: matches(pattern, in: ranges, db), isFirst: true)
        case .after(let key): page = try Page(forward: matches(pattern, in: ranges, after: Self.rowid(key), db))
        case .before(let key):
            let before = try Self.rowid(key).map { try matches(pattern, in: ranges, before: $0, db) } ?? []
            page =
                try before.count < PageRequest.size
                ? Page(forward: matches(pattern, in: ranges, db), isFirst: true) : Page(backward: before)
        }
        guard let first = page.rows.first, let last = page.rows.last else {
            return MetaPage(metas: [], total: total, isTotalCapped: isCapped, previous: .start)
        }
        let hasPrevious = try page.hasPrevious ?? !matches(pattern, in: ranges, before: first, limit: 1, db).isEmpty
        let hasNext = try page.hasNext ?? !matches(pattern, in: ranges, after: last, limit: 1, db).isEmpty
        return MetaPage(
            metas: try rows(page.rows, db), total: total, isTotalCapped: isCapped,
            previous: hasPrevious ? .before(ListKey([String(first)])) : nil,
            next: hasNext ? .after(ListKey([String(last)])) : nil)
    }

    /// The search rowids of a page of matches and one more, in `ranges`: in order after `after`
    /// (from the first without it), or nearest first before `before`.
    private func matches(
        _ pattern: String, in ranges: [ClosedRange<Int64>], after: Int64? = nil, before: Int64? = nil,
        limit: Int = PageRequest.size + 1, _ db: Database
    ) throws -> [Int64] {
        let descending = before != nil
        var found: [Int64] = []
        for range in descending ? ranges.reversed() : ranges where found.count < limit {
            let low = after.map { max(range.lowerBound, $0) } ?? range.lowerBound
            let high = before.map { min(range.upperBound, $0) } ?? range.upperBound
            guard low <= high else { continue }
            // The bound itself is the key's row: not on this page.
            found += try Int64.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT rowid FROM \(ListTables.search) WHERE \(ListTables.search) MATCH ? AND rowid BETWEEN ? AND ?
                        ORDER BY rowid\(descending ? " DESC" : "") LIMIT ?
                        """),
                arguments: [pattern, low, high, limit - found.count + 1]
            ).filter { $0 != after && $0 != before }.prefix(limit - found.count)
        }
        return found
    }

    /// The people of these search rowids, in the request's order.
    private func rows(_ rowids: [Int64], _ db: Database) throws -> [Person.Meta] {
        guard !rowids.isEmpty else { return [] }
        return try Array(
            Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT \(Person.Meta.selection) FROM person WHERE seq IN (SELECT value & 0xFFFFFFFF FROM json_each(?))
                        \(request.sort.orderClause(besides: fixed))
                        """),
                arguments: ["[" + rowids.map(String.init).joined(separator: ",") + "]"]
            ).map(Person.Meta.init(row:)))
    }

    /// The search rowid a search's key holds; `nil` for a key of another list.
    private static func rowid(_ key: ListKey) -> Int64? {
        key.values.count == 1 ? Int64(key.values[0]) : nil
    }

    /// `text` as an FTS5 string: in double quotes, each inner one doubled.
    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
