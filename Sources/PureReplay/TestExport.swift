import Pure

/// Writes a Swift Testing test from a range of a journal's calls: it builds the app's test
/// container from the state the first call started from (and whatever else the app's `setup`
/// takes from the calls), calls each use case with its recorded arguments, in order, and checks
/// with `StateChanges` (PureTesting) that each leaves the state as it did then. Each step reads
/// as the change it made, as a mutation of the state as JSON (``JSONState``):
/// `$0.field.isRegion = false`. Each scene a call opened or changed (see ``RecordedScenes``) is
/// checked whole after its step: its rows, its counts, where its pages are, as the journal
/// recorded them. A value too large to read in a step (a scene, the people the setup needs) is
/// kept in a file beside the test, `Name.json` beside `Name.swift` (PureTesting's
/// `RecordedData`), and the step names it: `data["1 scenes"]`.
///
/// A journal file may come from anyone (a bug report's download), so nothing in it is written
/// out as code: each call's use case must be one of those declared (``RecordedUseCase``), and
/// each argument is decoded to the type that use case takes and written from that value; what
/// the file recorded (the state, the changes, the people a setup needs) is written as literals,
/// escaped, or as data.
///
/// The kit writes the steps; the app declares its use cases and says how its test container is
/// built:
///
/// ```swift
/// let export = TestExport(imports: ["MyAppTestSupport"], container: "app", useCases: TestApp.useCases) { start, data in
///     ["let app = try await TestApp(state: \(data.keep(start.state, as: "start")).json)"]
/// }
/// let test = try export.test(of: JournalFile(jsonLines: journal.jsonLines()), calls: 1...3)
/// test.source   // the Swift file
/// test.data     // the JSON file beside it
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

    /// An exported test: the Swift file, and the JSON file of values kept beside it (empty when
    /// it keeps none: then the test reads no file).
    public struct Exported: Sendable, Equatable {
        /// The test, a Swift file ending with a newline.
        public let source: String
        /// The values kept beside it, a JSON object with a member a line; empty for none.
        public let data: String
    }

    /// The values a test keeps beside it, by name.
    public struct Values: Sendable {
        fileprivate var members: [String: JSONValue] = [:]

        /// Keeps `value` under `name` in the file beside the test, and returns the Swift that
        /// reads it there, a ``JSONState``: `data["people"]`.
        public mutating func keep(_ value: JSONValue, as name: String) -> String {
            var kept = name
            var count = 1
            while let other = members[kept], other != value {
                count += 1
                kept = "\(name) (\(count))"
            }
            members[kept] = value
            return "data[\(kept.recordedSource)]"
        }

        /// `value` as a literal where it is short enough to read in a line, else kept under
        /// `name`.
        mutating func written(_ value: JSONValue, as name: String) -> String {
            let literal = JSONState.literal(value)
            return literal.count <= TestExport.longestLiteral ? literal : keep(value, as: name)
        }
    }

    /// How long a value's literal may be in a step; a longer one is kept beside the test.
    static let longestLiteral = 120

    /// The modules the test imports besides Testing and PureTesting.
    public let imports: [String]
    /// The name `setup` gives the container whose use cases the steps call.
    public let container: String
    /// The lines that build the container from what the range starts from, keeping what is
    /// too large to read among the values beside the test.
    public let setup: @Sendable (JournalFile.Excerpt, inout Values) -> [String]
    /// How each declared use case's arguments are written, by its name.
    private let writers: [String: @Sendable ([JSONValue]) -> Result<[String], Failure>]
    /// The names of the declared scenes.
    private let sceneNames: [String]
    /// What a call left of the scenes it changed.
    private let scenesAfter: @Sendable (JournalFile.Excerpt, JournalCall<JSONValue>) -> JSONValue?

    /// An export whose test imports `imports`, runs `setup`, and calls the use cases declared in
    /// `useCases` on the value `setup` names `container`, checking `scenes` whole.
    public init<Container: Sendable, State: Sendable>(
        imports: [String], container: String, useCases: [RecordedUseCase<Container>],
        scenes: [RecordedScenes<State>], setup: @escaping @Sendable (JournalFile.Excerpt, inout Values) -> [String]
    ) {
        self.imports = imports
        self.container = container
        self.setup = setup
        sceneNames = scenes.map(\.name)
        scenesAfter = { excerpt, call in excerpt.scenes(after: call, scenes) }
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
        setup: @escaping @Sendable (JournalFile.Excerpt, inout Values) -> [String]
    ) {
        self.init(
            imports: imports, container: container, useCases: useCases, scenes: [RecordedScenes<Never>](),
            setup: setup)
    }

    /// The test of the calls numbered `range` in `file`, and the values it keeps beside it.
    /// Fails if a call of the range is not in the file, had not ended when it was written, or
    /// names a use case not declared or arguments not of its types.
    public func test(of file: JournalFile, calls range: ClosedRange<Int>) throws(Failure) -> Exported {
        let excerpt: JournalFile.Excerpt
        do { excerpt = try file.excerpt(range) } catch { throw Failure(description: error.description) }
        let first = excerpt.calls[0]
        let name = "session\(Int(first.time))Calls\(range.lowerBound)To\(range.upperBound)"
        var lines = [
            "// Exported from a Pure journal: calls \(range.lowerBound) to \(range.upperBound), as they were recorded.",
            "// Each step calls a use case with the arguments it was given and says what it changed in",
            "// the app state, as JSON: the state must be so after it.",
        ]
        if !sceneNames.isEmpty {
            lines.append(
                "// Each scene a step opened or changed (\(sceneNames.joined(separator: ", "))) is checked whole, as recorded."
            )
        }
        var values = Values()
        var body = setup(excerpt, &values).map { "    " + $0 }
        let declared = sceneNames.map { "RecordedScenes(\($0.recordedSource), \\.\($0))" }
        body.append(
            "    let changes = StateChanges(\(container).appState"
                + (declared.isEmpty ? ")" : ", scenes: [\(declared.joined(separator: ", "))])"))
        for call in excerpt.calls {
            body.append("")
            body += step(call, as: try written(call), excerpt: excerpt, values: &values)
        }
        if !values.members.isEmpty {
            lines.append("// What is too large to read in a step is in the file beside this one, of the same name.")
        }
        lines += Set(imports + ["PureReplay", "PureTesting", "Testing"]).sorted().map { "import \($0)" }
        lines += ["", "@Test func \(name)() async throws {"]
        if !values.members.isEmpty { lines.append("    let data = try RecordedData()") }
        let source = (lines + body + ["}"]).joined(separator: "\n") + "\n"
        let data =
            values.members.isEmpty
            ? ""
            : "{\n"
                + values.members.sorted { $0.key < $1.key }.map { "\(JSONValue.string($0.key)):\($0.value)" }.joined(
                    separator: ",\n") + "\n}\n"
        return Exported(source: source, data: data)
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

    /// One call, written as `source`, and what it must leave: the state apart from the scenes
    /// changed as it changed then, each scene it opened or changed as it was.
    private func step(
        _ call: JournalCall<JSONValue>, as source: String, excerpt: JournalFile.Excerpt, values: inout Values
    ) -> [String] {
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
        guard let after = call.after else {
            return (lines + ["// Not checked: the journal did not keep the state it left."]).map { "    " + $0 }
        }
        var arguments = ["step: \(title.recordedSource)"]
        if let scenes = scenesAfter(excerpt, call) {
            arguments.append("scenes: " + values.written(scenes, as: "\(call.sequence) scenes"))
        }
        let changes = JSONState.changes(from: apartFromScenes(call.before), to: apartFromScenes(after))
        let statements = changes.map { change in
            change.statement(on: "$0") { value in
                values.written(value, as: "\(call.sequence) \(change.location)")
            }
        }
        let expect = "await changes.expect(\(arguments.joined(separator: ", ")))"
        if statements.isEmpty {
            lines.append(expect)
        } else {
            lines.append(expect + " {")
            lines += statements.map { "    " + $0 }
            lines.append("}")
        }
        return lines.map { "    " + $0 }
    }

    /// `state` without the declared scenes, which a step checks whole.
    private func apartFromScenes(_ state: JSONValue) -> JSONValue {
        guard case .object(var members) = state else { return state }
        for name in sceneNames { members[name] = nil }
        return .object(members)
    }
}
