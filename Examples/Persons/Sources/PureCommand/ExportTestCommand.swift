import ArgumentParser
import Foundation
import PersonsReplay
import PersonsWeb
import Pure
import PureReplay

/// `pure export-test JOURNAL --from N --to M`: a range of a journal file's calls as a Swift
/// Testing test, the same file the inspector's "Export as test" downloads.
struct ExportTestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-test", abstract: "Write a range of a journal's calls as a Swift Testing test.",
        discussion: """
            The journal is a file of JSON lines, as the inspector's "Download the journal" gives it. \
            The test builds the Raft from the state the first call started from, calls each use case \
            again with its arguments, and checks that each changes the app state as it did.
            """)

    @Argument(help: "The journal file (JSON lines).")
    var journal: String

    @Option(help: "The number of the first call of the range.")
    var from: Int

    @Option(help: "The number of the last call of the range.")
    var to: Int

    @Option(help: "Where to write the test; standard output if not given.")
    var output: String?

    func validate() throws {
        guard from >= 1, to >= from else {
            throw ValidationError("--from must be at least 1 and --to at least --from, not \(from) and \(to).")
        }
    }

    func run() throws {
        let source: String
        do {
            source = try RecordedTest.source(of: JournalFile(contentsOf: journal), calls: from...to)
        } catch {
            Terminal.printError("Cannot export \(journal): \(error)")
            throw ExitCode.failure
        }
        guard let output else {
            for line in source.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                Terminal.print(String(line))
            }
            return
        }
        do {
            try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            Terminal.printError("Cannot write \(output): \(error.localizedDescription)")
            throw ExitCode.failure
        }
    }
}
