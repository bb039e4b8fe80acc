import Persons
import Pure
import PureReplay

/// How a range of the journal's calls becomes a Persons test (the inspector's "Export as test",
/// `pure export-test`): the Raft, the real Vessel on workers in memory, starts from the app
/// state the first call started from, holds every person a call of the range returned or a
/// list of it showed (``RecordedPeople``), and answers the lists that counted more people than
/// they showed, and the reads beside the lists (the counts of everyone), as recorded (``RecordedPages``), so a range exports whatever the
/// number of people, all kept in the file beside the test; the kit's `TestExport` (PureReplay)
/// writes the steps,
/// each call's arguments from their values as the use cases declared in `Journaled` take them,
/// and checks each list a step opened or changed whole.
///
/// ```swift
/// let test = try RecordedTest.test(of: JournalFile(jsonLines: journal.jsonLines()), calls: 3...5)
/// ```
public enum RecordedTest {
    static let export = TestExport(
        imports: ["Persons", "PersonsTestSupport"], container: "raft", useCases: Journaled.useCases,
        scenes: Journaled.scenes
    ) { excerpt, data in
        let people = RecordedPeople(excerpt.calls).people.compactMap { try? JSONValue(encoding: $0) }
        let recorded = RecordedPages(excerpt)
        let pages = recorded.pages.compactMap { try? JSONValue(encoding: $0) }
        let sides = recorded.sides.compactMap { try? JSONValue(encoding: $0) }
        var arguments = [
            "recorded: \(data.keep(excerpt.state, as: "start"))", "people: \(data.keep(.array(people), as: "people"))",
        ]
        if !pages.isEmpty { arguments.append("pages: \(data.keep(.array(pages), as: "pages"))") }
        if !sides.isEmpty { arguments.append("sides: \(data.keep(.array(sides), as: "sides"))") }
        return ["let raft = try await Raft(" + arguments.joined(separator: ", ") + ")"]
    }

    /// The test of the calls `range` of a journal, and the values it keeps beside it, or why
    /// there is none.
    public static func test(
        of file: JournalFile, calls range: ClosedRange<Int>
    ) throws(TestExport.Failure)
        -> TestExport.Exported
    {
        try export.test(of: file, calls: range)
    }
}
