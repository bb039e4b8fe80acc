import Persons
import Pure
import PureReplay

/// How a range of the journal's calls becomes a Persons test (the inspector's "Export as test",
/// `pure export-test`): the Raft, the real Vessel on workers in memory, starts from the app
/// state the first call started from, holds every person a call of the range returned or a
/// list of it showed (``RecordedPeople``), and answers the lists that counted more people than
/// they showed, and the counts of everyone, as recorded (``RecordedPages``), so a range exports whatever the
/// number of people; the kit's `TestExport` (PureReplay) writes the steps,
/// each call's arguments from their values as the use cases declared in `Journaled` take them,
/// and checks each list a step opened or changed whole.
///
/// ```swift
/// let swift = try RecordedTest.source(of: JournalFile(jsonLines: journal.jsonLines()), calls: 3...5)
/// ```
public enum RecordedTest {
    static let export = TestExport(
        imports: ["Persons", "PersonsTestSupport"], container: "raft", useCases: Journaled.useCases,
        scenes: Journaled.scenes
    ) { excerpt in
        let people = RecordedPeople(excerpt.calls).people.compactMap { try? JSONValue(encoding: $0) }
        let recorded = RecordedPages(excerpt)
        let pages = recorded.pages.compactMap { try? JSONValue(encoding: $0) }
        let counts = recorded.counts.compactMap { try? JSONValue(encoding: $0) }
        // An argument of JSON literals, one a line, ending the call (`)`) or not (`,`).
        func argument(_ name: String, _ values: [JSONValue], end: String) -> [String] {
            guard !values.isEmpty else { return ["    \(name): []" + end] }
            return ["    \(name): ["] + values.map { "        " + TestExport.literal($0) + "," } + ["    ]" + end]
        }
        return ["let raft = try await Raft(", "    recorded: \(TestExport.literal(excerpt.state)),"]
            + argument("people", people, end: pages.isEmpty && counts.isEmpty ? ")" : ",")
            + (pages.isEmpty ? [] : argument("pages", pages, end: counts.isEmpty ? ")" : ","))
            + (counts.isEmpty ? [] : argument("counts", counts, end: ")"))
    }

    /// The test of the calls `range` of a journal, or why there is none.
    public static func source(of file: JournalFile, calls range: ClosedRange<Int>) throws(TestExport.Failure) -> String
    {
        try export.source(of: file, calls: range)
    }
}
