import GRDB
import Persons

/// Reads one page of a search (see ``SearchWords``), fast with a million people whether the
/// search matches a few of them or most.
///
/// The matches are counted, up to ``Persons/MetaPage/countLimit``, in the range of
/// `person_word`, and:
/// - up to that many, the range itself is sorted into list order: a few thousand rows;
/// - beyond it, the list order's own index is read from the start, keeping the people whose
///   `words` contain the search. For the first page only the first rows are read: when the
///   matches gather further on (a first name late in the alphabet is late in every region),
///   each region's part of the range is sorted instead, region by region.
struct SearchPageReader {
    let search: SearchWords
    let region: String?
    let isRegion: Bool

    /// How many rows of the list order the first page reads before it sorts instead: a
    /// multiple of the page size, where the page index has an anchor.
    static let scanBudget = 20 * PageRequest.size

    /// The page, counted then read, in one read of the database.
    func read(page: Int, _ db: Database) throws -> MetaPage {
        let counted = try count(upTo: MetaPage.countLimit + 1, db)
        return MetaPage(
            metas: try metas(page: page, counted: counted, db), total: min(counted, MetaPage.countLimit),
            isTotalCapped: counted > MetaPage.countLimit)
    }

    /// How many people match, counting no further than `limit`.
    private func count(upTo limit: Int, _ db: Database) throws -> Int {
        let (condition, arguments) = matches(in: region)
        return try Int.fetchOne(
            db, sql: "SELECT count(*) FROM (SELECT 1 FROM person_word \(condition) LIMIT \(limit))",
            arguments: arguments) ?? 0
    }

    /// The rows of page `page`, once `counted`.
    private func metas(page: Int, counted: Int, _ db: Database) throws -> [Person.Meta] {
        if counted <= MetaPage.countLimit {
            return try metas(sortedIDs(offset: page * PageRequest.size, db), db)
        }
        if page > 0 {
            return try scanned(offset: page * PageRequest.size, db)
        }
        if isRegion && region == nil {
            return try scannedFirstPage(db) ?? metas(sortedRegionByRegion(PageIndex.regions(db), db), db)
        }
        return try scannedFirstPage(db) ?? metas(sortedIDs(offset: 0, db), db)
    }

    /// The entries in range whose previous entry is not: one per matching person.
    private func matches(in region: String?) -> (condition: String, arguments: StatementArguments) {
        let condition = "entry >= ? AND entry < ? AND previous < ?"
        let arguments: StatementArguments = [search.low, search.high, search.low]
        guard let region else { return ("WHERE \(condition)", arguments) }
        return ("WHERE country = ? AND \(condition)", [region] + arguments)
    }

    /// The order the matches are listed in: one region is listed by name.
    private var order: String { ListOrder(isRegion: isRegion && region == nil).orderClause }

    /// A page of the matches, sorted from the search's range of entries.
    private func sortedIDs(offset: Int, _ db: Database) throws -> [String] {
        let (condition, arguments) = matches(in: region)
        return try String.fetchAll(
            db, sql: "SELECT id FROM person_word \(condition) \(order) LIMIT \(PageRequest.size) OFFSET \(offset)",
            arguments: arguments)
    }

    /// The first page in region order, sorted one region's range at a time.
    private func sortedRegionByRegion(_ regions: [String], _ db: Database) throws -> [String] {
        var ids: [String] = []
        for code in regions where ids.count < PageRequest.size {
            let (condition, arguments) = matches(in: code)
            ids += try String.fetchAll(
                db,
                sql:
                    "SELECT id FROM person_word \(condition) \(ListOrder.byName.orderClause) LIMIT \(PageRequest.size - ids.count)",
                arguments: arguments)
        }
        return ids
    }

    /// A page of the matches, read in list order from the list's own index (which holds all a
    /// row needs); `before` a row of that order, if given.
    private func scanned(offset: Int, before end: Row? = nil, _ db: Database) throws -> [Person.Meta] {
        let ordering = ListOrder(isRegion: isRegion || region != nil)
        var conditions = ["instr(words, ?) > 0"]
        var arguments: StatementArguments = [search.wordStart]
        if let region {
            conditions.append("country = ?")
            arguments += [region]
        }
        if let end {
            let before = ordering.keyset("<", end)
            conditions.append(before.condition)
            arguments += before.arguments
        }
        return try Row.fetchAll(
            db,
            sql: """
                SELECT \(Person.Meta.selection) FROM person INDEXED BY \(ordering.indexName) \
                WHERE \(conditions.joined(separator: " AND ")) \(order) LIMIT \(PageRequest.size) OFFSET \(offset)
                """,
            arguments: arguments
        ).map(Person.Meta.init(row:))
    }

    /// The first page, read from the first ``scanBudget`` rows of the list order if they hold
    /// it; `nil` if they do not.
    private func scannedFirstPage(_ db: Database) throws -> [Person.Meta]? {
        let ordering = ListOrder(isRegion: isRegion || region != nil)
        var position = Self.scanBudget
        if let region { position += try PageIndex.region(region, db).start }
        let end = try PageIndex.anchor(ordering, page: position / PageRequest.size, db)
        // No such row, or one past the region: the scan reads all there is.
        let isWhole = end == nil || region.map { end?["country"] != $0 } == true
        let metas = try scanned(offset: 0, before: isWhole ? nil : end, db)
        return isWhole || metas.count == PageRequest.size ? metas : nil
    }

    /// The rows of these people, in the order of `ids`.
    private func metas(_ ids: [String], _ db: Database) throws -> [Person.Meta] {
        guard !ids.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let rows = try Row.fetchAll(
            db, sql: "SELECT \(Person.Meta.selection) FROM person WHERE id IN (\(marks))",
            arguments: StatementArguments(ids))
        var byID: [Person.ID: Person.Meta] = [:]
        for meta in rows.map(Person.Meta.init(row:)) {
            byID[meta.id] = meta
        }
        return ids.compactMap { byID[$0] }
    }
}
