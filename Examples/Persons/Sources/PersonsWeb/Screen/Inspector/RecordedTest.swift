import Persons
import Pure

/// How a range of the journal's calls becomes a Persons test (the inspector's "Export as test",
/// `pure export-test`): the Raft, the real Vessel on workers in memory, starts from the app
/// state the first call started from and holds every person a call of the range returned
/// (`Person.returned(by:)`); the kit's ``Pure/TestExport`` writes the steps, each call's
/// arguments from their values as the use cases declared in `Journaled` take them.
///
/// ```swift
/// let swift = try RecordedTest.source(of: JournalFile(jsonLines: journal.jsonLines()), calls: 3...5)
/// ```
public enum RecordedTest {
    static let export = TestExport(
        imports: ["Persons", "PersonsTestSupport"], container: "raft", useCases: Journaled.useCases
    ) { excerpt in
        // Laid out as the formatter (scripts/lint) leaves it: no comma after the last person.
        let people = Person.returned(by: excerpt.calls).compactMap { try? JSONValue(encoding: $0) }
        let rows = people.enumerated().map { index, person in
            "        " + TestExport.literal(person) + (index == people.count - 1 ? "" : ",")
        }
        return ["let raft = try await Raft("]
            + ["    recorded: \(TestExport.literal(excerpt.state)),"]
            + (people.isEmpty ? ["    people: [])"] : ["    people: ["] + rows + ["    ])"])
    }

    /// The test of the calls `range` of a journal, or why there is none.
    public static func source(of file: JournalFile, calls range: ClosedRange<Int>) throws(TestExport.Failure) -> String
    {
        try export.source(of: file, calls: range)
    }
}
