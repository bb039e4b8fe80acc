import Pure

/// How a range of the journal's calls becomes a Persons test (the inspector's "Export as test",
/// `pure export-test`): the Raft, the real Vessel on workers in memory, starts from the app
/// state the first call started from and holds every person a call of the range read; the
/// kit's ``Pure/TestExport`` writes the steps.
///
/// ```swift
/// let swift = try RecordedTest.source(of: journal.jsonLines(), calls: 3...5)
/// ```
public enum RecordedTest {
    /// The use case whose result is a person the test's database must hold.
    static let personReader = "loadPersonAction"

    static let export = TestExport(imports: ["Persons", "PersonsTestSupport"], container: "raft") { start in
        var people: [JSONValue] = []
        for call in start.calls where call.useCase == personReader {
            if case .returned(let person?) = call.outcome, !people.contains(person) { people.append(person) }
        }
        let rows = people.map { "        \(TestExport.literal($0))," }
        return ["let raft = try await Raft("]
            + ["    recorded: \(TestExport.literal(start.state)),"]
            + (rows.isEmpty ? ["    people: [])"] : ["    people: ["] + rows + ["    ])"])
    }

    /// The test of the calls `range` of a journal's JSON lines, or why there is none.
    public static func source(of jsonLines: String, calls range: ClosedRange<Int>) throws -> String {
        try export.source(of: JournalFile(jsonLines: jsonLines), calls: range)
    }
}
