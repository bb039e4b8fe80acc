import GRDB
import NIOConcurrencyHelpers
import Persons
import PersonsWorker
import Testing

/// What a page of rows costs the database, in statements: a read added to a page's (a count per
/// region shown beside the rows, say) belongs in a query of its own, read once per change of the
/// stored people for every page that shows it, not in the read of each page (README, "A new list
/// criterion"). This fails, naming the list, when the read of a page grows.
@Suite("The statements a page of rows runs")
struct ListStatementsTests {
    /// Each kind of page, and how many statements its read runs: the count, the rows, whether a
    /// page comes before them, and for a search its term and the filters' groups.
    static let budgets: [(String, PageRequest, Int)] = [
        ("everyone, from the start", PageRequest(), 2),
        ("everyone, after a row", PageRequest(position: .after(ListKey(["KR", "Bea Kim", "id-000010"]))), 3),
        ("everyone, from a letter", PageRequest(position: .from("M")), 3),
        ("by name, one region", PageRequest(filters: [.region: "KR"], isRegion: false), 2),
        ("a search", PageRequest(search: "ad"), 4),
        (
            "a search in one region, by gender",
            PageRequest(search: "ad", filters: [.region: "KR", .gender: "female"]), 5
        ),
    ]

    @Test("each page of rows runs the statements it always ran, and no more")
    func statementsPerPage() async throws {
        let statements = NIOLockedValueBox<[String]>([])
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            // The statements the worker runs: its reads, not the transaction around them, nor
            // what FTS5 runs for itself (traced with a leading `--`).
            db.trace(options: .statement) { event in
                let sql = "\(event)"
                if sql.hasPrefix("SELECT") { statements.withLockedValue { $0.append(sql) } }
            }
        }
        let db = try PersonDBWorker(database: DatabaseQueue(configuration: configuration))
        try await db.savePersons(people(1_000, seed: 5)) { _ in }
        for (name, request, budget) in Self.budgets {
            statements.withLockedValue { $0 = [] }
            _ = try await db.readMetas(request)
            let run = statements.withLockedValue { $0 }
            #expect(run.count == budget, "\(name): \(run.joined(separator: "\n"))")
        }
    }
}
