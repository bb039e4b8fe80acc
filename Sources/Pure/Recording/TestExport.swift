/// Writes a Swift Testing test from a range of a journal's calls: it builds the app's test
/// container from the state the first call started from (and whatever else the app's `setup`
/// takes from the calls), calls each use case with its recorded arguments, in order, and checks
/// with `StateChanges` (PureTesting) that each makes the state changes it made then, in order,
/// and nothing else.
///
/// The kit writes the steps; the app says how its test container is built:
///
/// ```swift
/// let export = TestExport(imports: ["MyAppTestSupport"], container: "app") { start in
///     ["let app = try await TestApp(state: \(TestExport.literal(start.state)))"]
/// }
/// let swift = try export.source(of: JournalFile(jsonLines: journal.jsonLines()), calls: 1...3)
/// ```
public struct TestExport: Sendable {
    /// Why a range cannot be exported.
    public typealias Failure = JournalFile.RangeError

    /// The modules the test imports besides Testing and PureTesting.
    public let imports: [String]
    /// The name `setup` gives the container whose use cases the steps call.
    public let container: String
    /// The lines that build the container from what the range starts from.
    public let setup: @Sendable (JournalFile.Excerpt) -> [String]

    /// An export whose test imports `imports`, runs `setup`, and calls the use cases on the
    /// value `setup` names `container`.
    public init(imports: [String], container: String, setup: @escaping @Sendable (JournalFile.Excerpt) -> [String]) {
        self.imports = imports
        self.container = container
        self.setup = setup
    }

    /// The test of the calls numbered `range` in `file`: a Swift file, ending with a newline.
    /// Fails if a call of the range is not in the file, or had not ended when it was written.
    public func source(of file: JournalFile, calls range: ClosedRange<Int>) throws(Failure) -> String {
        let excerpt = try file.excerpt(range)
        let first = excerpt.calls[0]
        let name = "session\(Int(first.time))Calls\(range.lowerBound)To\(range.upperBound)"
        var lines = [
            "// Exported from a Pure journal: calls \(range.lowerBound) to \(range.upperBound), as they were recorded.",
            "// Each step calls a use case with the arguments it was given and checks that it changes",
            "// the state as it did then, in order, and nothing else.",
        ]
        lines += (imports + ["PureTesting", "Testing"]).sorted().map { "import \($0)" }
        lines += ["", "@Test func \(name)() async throws {"]
        lines += setup(excerpt).map { "    " + $0 }
        lines.append("    let changes = StateChanges(\(container).appState)")
        for call in excerpt.calls {
            lines.append("")
            lines += step(call, changes: excerpt.changes(of: call))
        }
        return (lines + ["}"]).joined(separator: "\n") + "\n"
    }

    /// One call and what it must change.
    private func step(_ call: JournalCall<JSONValue>, changes: [[StateDifference.Change]]) -> [String] {
        let title = "\(call.sequence). \(call.source)"
        let expression = "\(container).\(call.source)"
        let invocation =
            switch call.outcome {
            case .threw(let error):
                [
                    "// It threw: \(error.recordedSource)",
                    "await #expect(throws: (any Error).self) { try await \(expression) }",
                ]
            default:
                [
                    (call.signature.returnsValue ? "_ = " : "") + (call.signature.canThrow ? "try " : "")
                        + (call.signature.isAsync ? "await " : "") + expression
                ]
            }
        var lines = ["// \(title)"] + invocation
        if changes.isEmpty {
            lines.append("await changes.expect(step: \(title.recordedSource))")
        } else {
            lines.append("await changes.expect(")
            lines.append("    step: \(title.recordedSource),")
            for (index, change) in changes.enumerated() {
                let rows = change.map { change in
                    ".init(path: \(change.path.recordedSource), old: \(change.old.recordedSource), new: \(change.new.recordedSource))"
                }
                let end = index == changes.count - 1 ? ")" : ","
                lines.append("    [" + rows.joined(separator: ", ") + "]" + end)
            }
        }
        return lines.map { "    " + $0 }
    }

    /// `json` as a Swift raw string literal (`#"..."#`), with as many `#` as it needs.
    ///
    /// ```swift
    /// TestExport.literal(.object(["q": .string("ad")]))   // #"{"q":"ad"}"#
    /// ```
    public static func literal(_ json: JSONValue) -> String {
        let text = json.description
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        return hashes + "\"" + text + "\"" + hashes
    }
}
