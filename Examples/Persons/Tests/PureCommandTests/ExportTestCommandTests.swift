import Foundation
import Testing

/// `pure export-test`: the committed journal of `Tests/Recorded` gives the committed test, and
/// every bad input is a clear message and exit status 1.
@Suite("pure export-test", .serialized, .timeLimit(.minutes(2)))
struct ExportTestCommandTests {
    let runner = CommandRunner(databasePath: "")
    let recorded = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Recorded")

    @Test("the journal of a session gives the test the inspector exported from it, byte for byte")
    func givesTheInspectorsTest() async throws {
        let journal = recorded.appendingPathComponent("Journals/flip-search-open.jsonl").path
        let export = try await runner.run(["export-test", journal, "--from", "2", "--to", "4"], withDatabase: false)
        #expect(export.status == 0, "\(export.errors)")
        let committed = try String(
            contentsOf: recorded.appendingPathComponent("FlipSearchOpenTests.swift"), encoding: .utf8)
        #expect(export.output == committed)
    }

    @Test("a missing file, a range the journal lacks, a bad range or a file that is not a journal says why")
    func badInputSaysWhy() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let notJSON = folder.appendingPathComponent("notes.jsonl")
        try Data("{\"sequence\":\n".utf8).write(to: notJSON)
        let journal = recorded.appendingPathComponent("Journals/flip-search-open.jsonl").path
        let cases: [([String], String)] = [
            ([folder.appendingPathComponent("none.jsonl").path, "--from", "1", "--to", "1"], "cannot open it"),
            ([journal, "--from", "2", "--to", "9"], "Call 5 is not in the journal."),
            ([journal, "--from", "3", "--to", "2"], "--from must be at least 1 and --to at least --from"),
            ([notJSON.path, "--from", "1", "--to", "1"], "line 1: not JSON"),
        ]
        for (arguments, message) in cases {
            let outcome = try await runner.run(["export-test"] + arguments, withDatabase: false)
            #expect(outcome.status != 0, "\(arguments)")
            #expect(outcome.errors.contains(message), "\(outcome.errors)")
            #expect(!outcome.errors.contains("Fatal error"))
        }
    }
}
