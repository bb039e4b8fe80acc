import ArgumentParser
import Foundation
import PersonsReplay
import PersonsWeb
import Pure
import PureReplay

/// `pure export-test JOURNAL --from N --to M --output FILE.swift`: a range of a journal file's
/// calls as a Swift Testing test, and the values it keeps beside it (`FILE.json`): the same two
/// files the inspector's "Export as test" downloads.
struct ExportTestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-test", abstract: "Write a range of a journal's calls as a Swift Testing test.",
        discussion: """
            The journal is a file of JSON lines, as the inspector's "Download the journal" gives it. \
            The test builds the Raft from the state the first call started from, calls each use case \
            again with its arguments, and checks that each changes the app state as it did. What is \
            too large to read in a step (the people, a list's rows) goes to a JSON file beside the \
            test, of the same name.
            """)

    @Argument(help: "The journal file (JSON lines).")
    var journal: String

    @Option(help: "The number of the first call of the range.")
    var from: Int

    @Option(help: "The number of the last call of the range.")
    var to: Int

    @Option(help: "Where to write the test, a .swift file; its data goes beside it, ending .json.")
    var output: String

    func validate() throws {
        guard from >= 1, to >= from else {
            throw ValidationError("--from must be at least 1 and --to at least --from, not \(from) and \(to).")
        }
        guard output.hasSuffix(".swift") else {
            throw ValidationError("--output must name a .swift file, not \(output).")
        }
    }

    func run() throws {
        let test: TestExport.Exported
        do {
            test = try RecordedTest.test(of: JournalFile(contentsOf: journal), calls: from...to)
        } catch {
            Terminal.printError("Cannot export \(journal): \(error)")
            throw ExitCode.failure
        }
        let swift = URL(fileURLWithPath: output)
        let data = swift.deletingPathExtension().appendingPathExtension("json")
        for (file, text) in [(swift, test.source), (data, test.data)] where !text.isEmpty {
            do {
                try Data(text.utf8).write(to: file, options: .atomic)
            } catch {
                Terminal.printError("Cannot write \(file.path): \(error.localizedDescription)")
                throw ExitCode.failure
            }
        }
        Terminal.print(test.data.isEmpty ? "Wrote \(swift.path)." : "Wrote \(swift.path) and \(data.path).")
    }
}
