@_spi(Replay) import Pure

/// A journal read back from its JSON lines (`Journal.jsonLines()`): the calls, each with the
/// state it started from as JSON, and the entries, each with the call it belongs to and its
/// changes. What an exported test (``TestExport``) and a replay are made from.
///
/// ```swift
/// let file = try JournalFile(jsonLines: journal.jsonLines())
/// file.calls.map(\.source)   // ["applyRegionAction(false)", "loadPersonAction(\"42\")"]
/// ```
public struct JournalFile: Sendable {
    /// An entry as the file has it: its call and what it changed.
    public struct Entry: Sendable, Equatable {
        /// The entry's number in its journal.
        public let sequence: Int
        /// The call it belongs to, if any.
        public let call: Int?
        /// Whether it was a restore rather than a use case's update.
        public let isRestore: Bool
        /// What it changed, path by path, as described when it was recorded.
        public let changes: [StateDifference.Change]
    }

    /// Why a file cannot be read: the line (from 1) and what is wrong with it.
    public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The line, counted from 1; 0 for the file as a whole.
        public let line: Int
        /// What is wrong there.
        public let reason: String

        /// What is wrong with `line` (0 for the whole file).
        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }

        /// `line <n>: <reason>`, or the reason alone for the whole file.
        public var description: String { line > 0 ? "line \(line): \(reason)" : reason }
    }

    /// The calls, in the order they started.
    public let calls: [JournalCall<JSONValue>]
    /// The entries, in the order they were recorded.
    public let entries: [Entry]

    /// Reads `jsonLines`, one object per line (ended by `\n` or `\r\n`); blank lines are skipped.
    /// A call's use case must be a Swift name, its arguments' sources free of control characters
    /// (they are shown, never written as code: see ``TestExport``), and its time one a call can
    /// have started at.
    public init(jsonLines: String) throws(ReadError) {
        var calls: [JournalCall<JSONValue>] = []
        var entries: [Entry] = []
        let lines = jsonLines.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (offset, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
            let object: JSONValue
            do {
                object = try JSONValue(parsing: String(line))
            } catch {
                throw ReadError(line: offset + 1, reason: "not JSON: \(error)")
            }
            guard let reading = object["kind"]?.string == "call" ? Self.call(object) : Self.entry(object) else {
                throw ReadError(line: offset + 1, reason: "not a journal line: a field is missing or of the wrong kind")
            }
            switch reading {
            case .call(let call): calls.append(call)
            case .entry(let entry): entries.append(entry)
            }
        }
        self.calls = calls
        self.entries = entries
    }

    private enum Reading {
        case call(JournalCall<JSONValue>)
        case entry(Entry)
    }

    private static func call(_ object: JSONValue) -> Reading? {
        guard let sequence = object["sequence"]?.int, let useCase = object["useCase"]?.string,
            let rows = object["arguments"]?.array, let signature = object["signature"],
            let isAsync = signature["async"]?.bool, let canThrow = signature["throws"]?.bool,
            let returnsValue = signature["returns"]?.bool, case .number(let time)? = object["time"],
            Self.times.contains(time), let outcome = outcome(object["outcome"])
        else { return nil }
        // What is shown of a call: a name, and sources without control characters.
        guard let head = useCase.unicodeScalars.first, head == "_" || head.properties.isXIDStart,
            useCase.unicodeScalars.allSatisfy({ $0 == "_" || $0.properties.isXIDContinue })
        else { return nil }
        var arguments: [JournalCall<JSONValue>.Argument] = []
        for row in rows {
            guard let source = row["source"]?.string, let json = row["json"],
                !source.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { return nil }
            arguments.append(.init(source: source, json: json))
        }
        return .call(
            JournalCall(
                sequence: sequence, useCase: useCase, arguments: arguments,
                signature: .init(isAsync: isAsync, canThrow: canThrow, returnsValue: returnsValue), time: time,
                before: object["before"] ?? .null, outcome: outcome,
                after: object["after"].flatMap { $0 == .null ? nil : $0 }))
    }

    /// The times a call can have started at, in seconds since 1970: from then until the year
    /// 5000, so that every use of one (a test's name is made of it) is in range.
    static let times = 0.0...95_617_584_000

    private static func outcome(_ value: JSONValue?) -> JournalCall<JSONValue>.Outcome? {
        if value?.string == "running" { return .running }
        if let returned = value?["returned"] { return .returned(returned == .null ? nil : returned) }
        return value?["threw"]?.string.map { .threw($0) }
    }

    private static func entry(_ object: JSONValue) -> Reading? {
        guard let sequence = object["sequence"]?.int, let kind = object["kind"]?.string,
            let rows = object["changes"]?.array
        else { return nil }
        var changes: [StateDifference.Change] = []
        for row in rows {
            guard let path = row["path"]?.string, let old = row["old"]?.string, let new = row["new"]?.string
            else { return nil }
            changes.append(.init(path: path, old: old, new: new))
        }
        return .entry(
            Entry(sequence: sequence, call: object["call"]?.int, isRestore: kind == "restore", changes: changes))
    }
}
