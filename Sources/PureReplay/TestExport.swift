import Pure

/// Writes a Swift Testing test from a range of a journal's calls: it builds the app's test
/// container from the state the first call started from (and whatever else the app's `setup`
/// takes from the calls), calls each use case with its recorded arguments, in order, and checks
/// with `StateChanges` (PureTesting) that each makes the state changes it made then, in order,
/// and nothing else. Each scene a call opened or changed (see ``RecordedScenes``) is checked
/// whole after its step: its rows, its counts, where its pages are, as the journal recorded them.
///
/// A journal file may come from anyone (a bug report's download), so nothing in it is written
/// out as code: each call's use case must be one of those declared (``RecordedUseCase``), and
/// each argument is decoded to the type that use case takes and written from that value; what
/// the file recorded (the state, the changes, the people a setup needs) is written as string
/// literals, escaped.
///
/// The kit writes the steps; the app declares its use cases and says how its test container is
/// built:
///
/// ```swift
/// let export = TestExport(imports: ["MyAppTestSupport"], container: "app", useCases: TestApp.useCases) { start in
///     ["let app = try await TestApp(state: \(TestExport.literal(start.state)))"]
/// }
/// let swift = try export.source(of: JournalFile(jsonLines: journal.jsonLines()), calls: 1...3)
/// ```
public struct TestExport: Sendable {
    /// Why a range cannot be exported: a call of it missing or unfinished, or one whose use case
    /// or arguments are not as declared.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, for the person who asked.
        public let description: String

        /// A failure, saying what is wrong.
        public init(description: String) {
            self.description = description
        }
    }

    /// The modules the test imports besides Testing and PureTesting.
    public let imports: [String]
    /// The name `setup` gives the container whose use cases the steps call.
    public let container: String
    /// The lines that build the container from what the range starts from.
    public let setup: @Sendable (JournalFile.Excerpt) -> [String]
    /// How each declared use case's arguments are written, by its name.
    private let writers: [String: @Sendable ([JSONValue]) -> Result<[String], Failure>]
    /// The names of the declared scenes.
    private let sceneNames: [String]
    /// What a call changed apart from the scenes, and what it left of them.
    private let checks: @Sendable (JournalFile.Excerpt, JournalCall<JSONValue>) -> Check

    private struct Check {
        let changes: [[StateDifference.Change]]
        let scenes: JSONValue?
    }

    /// An export whose test imports `imports`, runs `setup`, and calls the use cases declared in
    /// `useCases` on the value `setup` names `container`, checking `scenes` whole.
    public init<Container: Sendable, State: Sendable>(
        imports: [String], container: String, useCases: [RecordedUseCase<Container>],
        scenes: [RecordedScenes<State>], setup: @escaping @Sendable (JournalFile.Excerpt) -> [String]
    ) {
        self.imports = imports
        self.container = container
        self.setup = setup
        sceneNames = scenes.map(\.name)
        checks = { excerpt, call in
            Check(changes: excerpt.changes(of: call, apartFrom: scenes), scenes: excerpt.scenes(after: call, scenes))
        }
        var writers: [String: @Sendable ([JSONValue]) -> Result<[String], Failure>] = [:]
        for useCase in useCases where writers[useCase.name] == nil {
            writers[useCase.name] = { arguments in
                Result { () throws(RecordedUseCase<Container>.Unusable) in try useCase.sources(of: arguments) }
                    .mapError { Failure(description: $0.description) }
            }
        }
        self.writers = writers
    }

    /// An export whose test imports `imports`, runs `setup`, and calls the use cases declared in
    /// `useCases` on the value `setup` names `container`: for a state with no `Scenes`.
    public init<Container: Sendable>(
        imports: [String], container: String, useCases: [RecordedUseCase<Container>],
        setup: @escaping @Sendable (JournalFile.Excerpt) -> [String]
    ) {
        self.init(
            imports: imports, container: container, useCases: useCases, scenes: [RecordedScenes<Never>](),
            setup: setup)
    }

    /// The test of the calls numbered `range` in `file`: a Swift file, ending with a newline.
    /// Fails if a call of the range is not in the file, had not ended when it was written, or
    /// names a use case not declared or arguments not of its types.
    public func source(of file: JournalFile, calls range: ClosedRange<Int>) throws(Failure) -> String {
        let excerpt: JournalFile.Excerpt
        do { excerpt = try file.excerpt(range) } catch { throw Failure(description: error.description) }
        let first = excerpt.calls[0]
        let name = "session\(Int(first.time))Calls\(range.lowerBound)To\(range.upperBound)"
        var lines = [
            "// Exported from a Pure journal: calls \(range.lowerBound) to \(range.upperBound), as they were recorded.",
            "// Each step calls a use case with the arguments it was given and checks that it changes",
            "// the state as it did then, in order, and nothing else.",
        ]
        if !sceneNames.isEmpty {
            lines.append(
                "// Each scene a step opened or changed (\(sceneNames.joined(separator: ", "))) is checked whole, as recorded."
            )
        }
        let kit = sceneNames.isEmpty ? ["PureTesting"] : ["PureReplay", "PureTesting"]
        lines += Set(imports + kit + ["Testing"]).sorted().map { "import \($0)" }
        lines += ["", "@Test func \(name)() async throws {"]
        lines += setup(excerpt).map { "    " + $0 }
        let declared = sceneNames.map { "RecordedScenes(\($0.recordedSource), \\.\($0))" }
        lines.append(
            "    let changes = StateChanges(\(container).appState"
                + (declared.isEmpty ? ")" : ", scenes: [\(declared.joined(separator: ", "))])"))
        for call in excerpt.calls {
            lines.append("")
            lines += step(call, as: try written(call), check: checks(excerpt, call))
        }
        return (lines + ["}"]).joined(separator: "\n") + "\n"
    }

    /// The call as Swift (`applyRegionAction(false)`), from its declared use case and its
    /// arguments' values.
    private func written(_ call: JournalCall<JSONValue>) throws(Failure) -> String {
        guard let write = writers[call.useCase] else {
            throw Failure(
                description: "Call \(call.sequence): no use case named \(call.useCase.recordedSource) is declared.")
        }
        switch write(call.arguments.map(\.json)) {
        case .success(let sources): return "\(call.useCase)(\(sources.joined(separator: ", ")))"
        case .failure(let error): throw Failure(description: "Call \(call.sequence) (\(call.useCase)): \(error).")
        }
    }

    /// One call, written as `source`, and what it must change.
    private func step(_ call: JournalCall<JSONValue>, as source: String, check: Check) -> [String] {
        let changes = check.changes
        let title = "\(call.sequence). \(source)"
        let expression = "\(container).\(source)"
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
        var arguments = ["step: \(title.recordedSource)"]
        arguments += changes.map { change in
            "["
                + change.map { change in
                    ".init(path: \(change.path.recordedSource), old: \(change.old.recordedSource), new: \(change.new.recordedSource))"
                }.joined(separator: ", ") + "]"
        }
        if let scenes = check.scenes { arguments.append("scenes: \(Self.literal(scenes))") }
        if arguments.count == 1 {
            lines.append("await changes.expect(\(arguments[0]))")
        } else {
            lines.append("await changes.expect(")
            for (index, argument) in arguments.enumerated() {
                lines.append("    " + argument + (index == arguments.count - 1 ? ")" : ","))
            }
        }
        return lines.map { "    " + $0 }
    }

    /// `json` as a Swift raw string literal (`#"..."#`), with as many `#` as it needs. Looked for
    /// by byte, as the compiler reads: a search by character finds no `"#` in `"#\u{301}`.
    ///
    /// ```swift
    /// TestExport.literal(.object(["q": .string("ad")]))   // #"{"q":"ad"}"#
    /// ```
    public static func literal(_ json: JSONValue) -> String {
        let text = json.description
        var hashes = "#"
        while text.utf8.contains(("\"" + hashes).utf8) || text.utf8.contains(("\\" + hashes).utf8) { hashes += "#" }
        return hashes + "\"" + text + "\"" + hashes
    }
}
