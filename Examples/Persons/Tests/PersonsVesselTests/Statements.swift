import GRDB
import NIOConcurrencyHelpers
import Persons
import PersonsWorker

/// Every statement a database ran, as GRDB traces it with its arguments: what a use case asked
/// of the database worker, seen where it reaches the database.
///
/// ```swift
/// let statements = Statements()
/// let db = try await statements.worker(holding: Samples.people)
/// statements.forget()
/// _ = try await db.readPerson(id: "p1")
/// statements.sql   // the read's statements
/// ```
final class Statements: Sendable {
    private let run = NIOLockedValueBox<[String]>([])

    /// The statements run since ``forget()``, in order, each with its arguments; not GRDB's
    /// reads of the schema (`PRAGMA`, `sqlite_master`), which depend on what the connection
    /// read before.
    var sql: [String] { run.withLockedValue { $0 } }

    /// Starts counting afresh.
    func forget() { run.withLockedValue { $0 = [] } }

    /// A new in-memory database whose statements this keeps.
    func database() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.publicStatementArguments = true
        configuration.prepareDatabase { [run] db in
            db.trace(options: .statement) { event in
                let sql = event.expandedDescription
                guard !sql.hasPrefix("PRAGMA"), !sql.contains(" FROM sqlite_") else { return }
                run.withLockedValue { $0.append(sql) }
            }
        }
        return try DatabaseQueue(configuration: configuration)
    }

    /// A worker on a new in-memory database holding `people` and `switches`, whose statements
    /// this keeps.
    func worker(holding people: [Person], switches: Switches = Switches()) async throws -> PersonDBWorker {
        try await worker(on: database(), holding: people, switches: switches)
    }

    /// A worker on `database` holding `people` and `switches`.
    func worker(
        on database: DatabaseQueue, holding people: [Person], switches: Switches = Switches()
    ) async throws -> PersonDBWorker {
        let db = try PersonDBWorker(database: database)
        try await db.savePersons(people) { _ in }
        for name in Switches.Name.allCases where !switches[name] {
            try await db.saveSwitch(name, isOn: false)
        }
        return db
    }
}
