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
        guard SyncPlan.countRange.contains(count) else {
            throw ValidationError(
                "--count must be between \(SyncPlan.countRange.lowerBound) and \(SyncPlan.countRange.upperBound), not \(count)."
            )
        }
    }

    func run() async throws {
        options.startLogging()
        let report = try await reporting(options) { () throws(Fizzle) -> SyncReport in
            let configuration = VesselConfiguration(
                databasePath: options.databasePath, apiAddress: directory.apiAddress, attempts: directory.attempts)
            return try await options.withVessel(configuration) { (vessel) throws(Fizzle) in
                let bar = ProgressBar.onTerminal()
                // The people's pages on one line, then their photos on a line of their own.
                let progress = bar.map { bar in
                    vessel.appState.stored(\.sys).subscribe { sys in
                        let photos = sys.step?.photos.map { $0.done * 1_000 / max($0.of, 1) }
                        bar.show(photos ?? sys.sync.permille, step: sys.step?.text ?? "", line: photos == nil ? 0 : 1)
                    }
                }
                defer {
                    progress?.cancel()
                    bar?.finish()
                }
                return try await vessel.syncPersonsAction(count)
            }
        }
        Terminal.print("\(report.message) Database: \(options.databasePath)")
        if let warning = report.warning {
            Terminal.printError("Warning: \(warning)")
        }
    }
}
