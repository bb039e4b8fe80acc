import CardDAVFixtures
import Foundation
import Testing

/// `pure export-test`: the committed journal of `Tests/Recorded` gives the committed test, and
/// every bad input is a clear message and exit status 1.
@Suite("pure export-test", .serialized, .timeLimit(.minutes(10)))
struct ExportTestCommandTests {
    let runner = CommandRunner(databasePath: "")
    let recorded = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Recorded")

    @Test("the journal of a session gives the test the inspector exported from it, and its data, byte for byte")
    func givesTheInspectorsTest() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = recorded.appendingPathComponent("Journals/flip-search-open.jsonl").path
        let output = folder.appendingPathComponent("FlipSearchOpenTests.swift")
        let export = try await runner.run(
            ["export-test", journal, "--from", "1", "--to", "7", "--output", output.path], withDatabase: false)
        #expect(export.status == 0, "\(export.errors)")
        for name in ["FlipSearchOpenTests.swift", "FlipSearchOpenTests.json"] {
            let written = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let committed = try String(contentsOf: recorded.appendingPathComponent(name), encoding: .utf8)
            #expect(written == committed, "\(name)")
        }
        #expect(
            try String(contentsOf: output, encoding: .utf8).utf8.count < 10_000,
            "the steps read as steps, the rest is data")
    }

    @Test("a missing file, a range the journal lacks, a bad range or a file that is not a journal says why")
    func badInputSaysWhy() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let notJSON = folder.appendingPathComponent("notes.jsonl")
        try Data("{\"sequence\":\n".utf8).write(to: notJSON)
        let journal = recorded.appendingPathComponent("Journals/flip-search-open.jsonl").path
        let output = ["--output", folder.appendingPathComponent("Exported.swift").path]
        let cases: [([String], String)] = [
            (
                [folder.appendingPathComponent("none.jsonl").path, "--from", "1", "--to", "1"] + output,
                "cannot open it"
            ),
            ([journal, "--from", "2", "--to", "12"] + output, "Call 8 is not in the journal."),
            ([journal, "--from", "3", "--to", "2"] + output, "--from must be at least 1 and --to at least --from"),
            ([notJSON.path, "--from", "1", "--to", "1"] + output, "line 1: not JSON"),
            (
                [journal, "--from", "1", "--to", "1", "--output", folder.path + "/x.txt"],
                "--output must name a .swift file"
            ),
        ]
        for (arguments, message) in cases {
            let outcome = try await runner.run(["export-test"] + arguments, withDatabase: false)
            #expect(outcome.status != 0, "\(arguments)")
            #expect(outcome.errors.contains(message), "\(outcome.errors)")
            #expect(!outcome.errors.contains("Fatal error"))
        }
    }

    /// The committed journal's search (`openListAction(ListCriteria(search: "ad"))`, call 3), as
    /// the journal's first call, changed by `edit`.
    func searchCall(_ edit: (String) -> String) throws -> String {
        let journal = try String(
            contentsOf: recorded.appendingPathComponent("Journals/flip-search-open.jsonl"), encoding: .utf8)
        let line = try #require(
            journal.split(separator: "\n").first { $0.contains(#""source":"ListCriteria(search: \"ad\")""#) })
        let renumbered = String(line).replacing(/"sequence":\d+,/, with: #""sequence":1,"#, maxReplacements: 1)
        return edit(renumbered) + "\n"
    }

    /// Whether `swift` parses as Swift (`swiftc -parse`, awaited off the concurrency pool).
    func parses(_ swift: String, in folder: URL) async throws -> Bool {
        let file = folder.appendingPathComponent("Exported\(UUID().uuidString.prefix(8)).swift")
        try Data(swift.utf8).write(to: file)
        return try await offThePool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swiftc", "-parse", file.path]
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
    }

    @Test("a hostile journal exports an inert test that parses, or is refused with a clear message")
    func hostileJournals() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = #""source":"ListCriteria(search: \"ad\")""#
        let search = #""search":"ad""#
        let exported: [(String, String)] = [
            (
                "code in a source",
                try searchCall {
                    $0.replacing(
                        source, with: #""source":"ListCriteria(search: \"ad\")); print(\"INJECTED-1\"); _ = (0""#)
                }
            ),
            (
                "a test in a source",
                try searchCall {
                    $0.replacing(
                        source,
                        with:
                            #""source":"ListCriteria(search: \"ad\")) }; @Test func injected() { print(\"INJECTED-2\") ""#
                    )
                }
            ),
            (
                "comment marks, quotes and invisible characters in a value",
                try searchCall {
                    $0.replacing(
                        search, with: #""search":"*/ \"\"\" \u2028 \u2029 \u202e \\\" ) print(\"INJECTED-3\") //""#)
                }
            ),
        ]
        for (name, journal) in exported {
            let file = folder.appendingPathComponent("journal.jsonl")
            try Data(journal.utf8).write(to: file)
            let swift = folder.appendingPathComponent("Hostile.swift")
            let export = try await runner.run(
                ["export-test", file.path, "--from", "1", "--to", "1", "--output", swift.path], withDatabase: false)
            #expect(export.status == 0, "\(name): \(export.errors)")
            let source = try String(contentsOf: swift, encoding: .utf8)
            let data = try String(contentsOf: folder.appendingPathComponent("Hostile.json"), encoding: .utf8)
            #expect(!source.contains("print(\"INJECTED"), "\(name): the journal's text became code")
            #expect(!source.contains("injected()"), "\(name): the journal's text became code")
            #expect(
                !(source + data).unicodeScalars.contains { ["\u{2028}", "\u{2029}", "\u{202E}"].contains($0) },
                "\(name): an invisible character written as it is")
            #expect(try await parses(source, in: folder), "\(name): the exported test does not parse")
        }
        let time = { (value: String) in
            try searchCall { $0.replacing(/"time":[0-9.]+/, with: #""time":"# + value, maxReplacements: 1) }
        }
        let refused: [(String, String, String)] = [
            (
                "a time past any range", try time("1e300"), "line 1: not a journal line"
            ),
            (
                "a time before 1970", try time("-5"), "line 1: not a journal line"
            ),
            (
                "a use case nobody declared",
                try searchCall {
                    $0.replacing(#""useCase":"openListAction""#, with: #""useCase":"print""#)
                }, #"Call 1: no use case named "print" is declared."#
            ),
            (
                "an argument of another type",
                try searchCall {
                    $0.replacing(
                        #""json":{"filters":{},"order":"name","position":{"start":{}},"search":"ad"}"#,
                        with: #""json":"ad""#)
                }, "Call 1 (openListAction): argument 1 is not a ListCriteria."
            ),
        ]
        for (name, journal, message) in refused {
            let file = folder.appendingPathComponent("journal.jsonl")
            try Data(journal.utf8).write(to: file)
            let export = try await runner.run(
                ["export-test", file.path, "--from", "1", "--to", "1", "--output", folder.path + "/Refused.swift"],
                withDatabase: false)
            #expect(export.status == 1, "\(name)")
            #expect(export.errors.contains(message), "\(name): \(export.errors)")
            #expect(!export.errors.contains("Fatal error"), "\(name)")
        }
    }
}
