import Foundation
import GRDBSQLite

/// The floor under the app's database work: the same SQL on the same file through SQLite's C API,
/// with no app code, no GRDB and no Swift concurrency between the statements. What a read or a
/// store costs the app beyond this is what its own code costs.
///
/// ```swift
/// let floor = try SQLiteFloor(path: file, readOnly: true)
/// let seconds = try floor.time(["SELECT count(*) FROM person"])
/// ```
final class SQLiteFloor {
    /// Why SQLite refused: its message.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private var handle: OpaquePointer?
    /// Octets of the rows read, in all: what keeps the reads from being optimised away.
    private(set) var touched = 0

    /// A connection to the database at `path`, read-only or not.
    init(path: String, readOnly: Bool) throws {
        let flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        guard sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
            throw Failure(description: "cannot open \(path): \(message)")
        }
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    private var message: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection" }

    /// Prepares `sql`, to step through it later.
    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(description: "cannot prepare \(sql.prefix(200)): \(message)")
        }
        return statement
    }

    /// Seconds spent stepping through each of `statements` (prepared beforehand, as the app's are
    /// cached), touching every column of every row as text, as a reader of the rows does.
    func time(_ statements: [OpaquePointer]) throws -> Double {
        let started = DispatchTime.now().uptimeNanoseconds
        for statement in statements {
            defer { sqlite3_reset(statement) }
            var step = sqlite3_step(statement)
            while step == SQLITE_ROW {
                for column in 0..<sqlite3_column_count(statement) {
                    touched &+= Int(sqlite3_column_bytes(statement, column))
                    _ = sqlite3_column_text(statement, column)
                }
                step = sqlite3_step(statement)
            }
            guard step == SQLITE_DONE else { throw Failure(description: "a step failed: \(message)") }
        }
        return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }

    /// Finalizes `statements`.
    func finalize(_ statements: [OpaquePointer]) {
        for statement in statements { sqlite3_finalize(statement) }
    }

    /// Runs `sql` (one statement or several, no rows read).
    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw Failure(description: "\(sql.prefix(200)): \(message)")
        }
    }

    /// The text values of the first column of `sql`'s rows.
    func strings(_ sql: String) throws -> [String] {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        var values: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            values.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
        return values
    }

    /// Inserts `rows` with `insert` (its `?` bound in order: text, an integer, or NULL), each
    /// once, in the transaction the caller holds.
    func insert(_ insert: String, rows: some Sequence<[Value]>) throws {
        let statement = try prepare(insert)
        defer { sqlite3_finalize(statement) }
        for row in rows {
            for (index, value) in row.enumerated() {
                let place = Int32(index + 1)
                switch value {
                case .text(let text): sqlite3_bind_text(statement, place, text, -1, SQLITE_TRANSIENT)
                case .integer(let number): sqlite3_bind_int64(statement, place, Int64(number))
                case .null: sqlite3_bind_null(statement, place)
                }
            }
            guard sqlite3_step(statement) == SQLITE_DONE else { throw Failure(description: "an insert: \(message)") }
            sqlite3_reset(statement)
        }
    }

    /// A value bound to a statement.
    enum Value {
        case text(String)
        case integer(Int)
        case null
    }
}

/// SQLite's "copy this text now" destructor, which Swift cannot spell as the C macro does.
private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
