import Persons
import Pure
import PureReplay

/// How a range of the journal's calls becomes a Persons test (the inspector's "Export as test",
/// `pure export-test`): the Raft, the real Vessel on workers in memory, starts from the app
/// state the first call started from and holds every person a call of the range returned or a
/// list of it showed (``RecordedPeople``); the kit's `TestExport` (PureReplay) writes the steps,
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
        let rows = people.map { "        " + TestExport.literal($0) + "," }
        return ["let raft = try await Raft("]
            + ["    recorded: \(TestExport.literal(excerpt.state)),"]
            + (people.isEmpty ? ["    people: [])"] : ["    people: ["] + rows + ["    ])"])
    }

    /// The test of the calls `range` of a journal, or why there is none: also when a list of the
    /// range counted people none of its pages in the range showed, whom the test could not hold.
    public static func source(of file: JournalFile, calls range: ClosedRange<Int>) throws(TestExport.Failure) -> String
    {
        if let excerpt = try? file.excerpt(range), let list = RecordedPeople(excerpt.calls).partial.first {
            throw TestExport.Failure(
                description: "The list \(list) counted more people than the range shows, and a test holds only the "
                    + "people the range showed: export a range that pages through it, or one from a smaller directory.")
        }
        return try export.source(of: file, calls: range)
    }
}
