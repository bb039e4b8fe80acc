import ArgumentParser
import Foundation
import Logging
import Persons
import PersonsVessel
import Pure

/// Options every subcommand takes: where the database is, and how much to log.
struct CommonOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("The database file (default: $PURE_DB, or your data folder).", valueName: "path"))
    var db: String?

    @Flag(name: .long, help: "Print the log to standard error as well as to the log file.")
    var verbose = false

    @Flag(name: .long, help: "Print each change of the app state to standard error: the use case, then what changed.")
    var trace = false

    /// The database path: the option, then `PURE_DB`, then the user's data folder.
    var databasePath: String {
        if let db, !db.isEmpty { return db }
        if let path = ProcessInfo.processInfo.environment["PURE_DB"], !path.isEmpty { return path }
        return VesselConfiguration.defaultDatabasePath
    }

    /// The log file: `pure.log` next to the database.
    var logPath: String {
        URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent("pure.log").path
    }

    /// A journal for the vessel when `--trace` (or `wanted`, for the inspector) asks for one.
    func makeJournal(wanted: Bool = false) -> Journal<Roger>? {
        trace || wanted ? Journal() : nil
    }

    /// With `--trace`, starts printing each change of `vessel`'s state; stop it when done.
    func startTracing(_ vessel: Vessel) -> Tracer? {
        trace ? Tracer(vessel) : nil
    }

    /// Runs `body` on a vessel opened on `configuration` (the database alone by default), traced
    /// with `--trace`.
    func withVessel<Value>(
        _ configuration: VesselConfiguration? = nil, _ body: (Vessel) async throws(Fizzle) -> Value
    ) async throws(Fizzle) -> Value {
        let vessel = try await Vessel.open(
            configuration ?? VesselConfiguration(databasePath: databasePath), journal: makeJournal())
        let tracer = startTracing(vessel)
        defer { tracer?.stop() }
        return try await body(vessel)
    }

    /// Runs `body` on a vessel over the database, as each command does: the log started, and a
    /// failure told on standard error (``reporting(_:_:)``), its detail in the log.
    func inVessel<Value>(
        _ configuration: VesselConfiguration? = nil, _ body: (Vessel) async throws(Fizzle) -> Value
    ) async throws -> Value {
        startLogging()
        return try await reporting(self) { () throws(Fizzle) -> Value in try await withVessel(configuration, body) }
    }

    /// Runs `body` as ``inVessel(_:_:)`` does, then prints the person it gives as `pure show`
    /// does, with the switches as they are after it.
    func printingPerson(_ body: (Vessel) async throws(Fizzle) -> Person) async throws {
        let (person, switches, book) = try await inVessel { (vessel) throws(Fizzle) in
            (try await body(vessel), vessel.appState.value.field, vessel.appState.value.sys.book)
        }
        PersonText.print(person, switches, choosing: book.choices.first { $0.id == person.id }?.fields ?? [])
    }

    /// Where the detail of a failure is: the log file, unless it could not be written.
    var detailsLine: String {
        FileManager.default.isWritableFile(atPath: logPath)
            ? "(details in \(logPath))" : "(no details: the log at \(logPath) cannot be written)"
    }

    /// Sends the log to the log file (and standard error with `--verbose`), once per process.
    func startLogging() {
        CommandLog.start(path: logPath, alsoToStandardError: verbose)
    }

    func validate() throws {
        if let db, db.isEmpty {
            throw ValidationError("--db needs a file path.")
        }
    }
}

/// Running a use case from a command: a `Fizzle` becomes its message on standard error, with
/// what the command's flags can do about it (``Persons/Fizzle/commandHint``), and exit status 1;
/// the log file has the detail.
func reporting<Result>(_ options: CommonOptions, _ body: () async throws(Fizzle) -> Result) async throws -> Result {
    do {
        return try await body()
    } catch {
        Terminal.printError(error.message + (error.commandHint.map { " " + $0 } ?? ""))
        Terminal.printError(options.detailsLine)
        throw ExitCode.failure
    }
}
