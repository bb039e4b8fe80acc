import ArgumentParser
import Foundation
import Persons
import PersonsVessel

/// `pure sync`: downloads people and stores them, with a progress bar on a terminal.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Download people and store them (updating those already stored).")

    @OptionGroup var options: CommonOptions

    @Option(help: "How many people to download (1 to 1000000).")
    var count = defaultSyncCount

    @OptionGroup var directory: DirectoryOptions

    func validate() throws {
        guard (1...1_000_000).contains(count) else {
            throw ValidationError("--count must be between 1 and 1000000, not \(count).")
        }
    }

    func run() async throws {
        options.startLogging()
        let report = try await reporting(options) { () throws(Fizzle) -> SyncReport in
            let vessel = try await Vessel.open(
                VesselConfiguration(
                    databasePath: options.databasePath, apiAddress: directory.apiAddress, attempts: directory.attempts),
                journal: options.makeJournal())
            let tracer = options.startTracing(vessel)
            defer { tracer?.stop() }
            let bar = ProgressBar.onTerminal()
            let progress = bar.map { bar in
                vessel.appState.stored(\.sys).subscribe { bar.show($0.sync.permille, step: $0.step?.text ?? "") }
            }
            defer {
                progress?.cancel()
                bar?.finish()
            }
            return try await vessel.syncPersonsAction(count)
        }
        Terminal.print("\(report.message) Database: \(options.databasePath)")
        if let warning = report.warning {
            Terminal.printError("Warning: \(warning)")
        }
    }
}
