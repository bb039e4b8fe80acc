import PureReplay
import Testing

@testable import Pure

/// A use case's argument in the shape apps declare: codable, with its Swift form.
struct Query: Recordable, Codable, Equatable {
    var text: String
    var tags: [String] = []
    var limit: Int?

    var recordedSource: String { "Query(text: \(text.recordedSource))" }
}

struct Failed: Error, CustomStringConvertible {
    var description: String { "it failed" }
}

/// A container with recorded use cases, as an app's has.
final class Shop: Sendable {
    let storage: MutableStore<Counted>
    init(journal: Journal<Counted>?) { storage = MutableStore(Counted(), journal: journal) }

    var search: @Sendable (Query) async throws(Failed) -> Int {
        storage.recording { [storage] query throws(Failed) in
            guard !query.text.isEmpty else { throw Failed() }
            storage.update { $0.count += 1 }
            // Work the call started is the call's.
            await Task { _ = storage.update { $0.label = query.text } }.value
            return query.text.count
        }
    }

    var searchTwice: @Sendable (Query) async throws(Failed) -> Void {
        storage.recording { [self] query throws(Failed) in
            _ = try await search(query)
            _ = try await search(query)
        }
    }

    var reset: @Sendable () -> Void {
        storage.recording { [storage] in storage.update { $0 = Counted() } }
    }

    static let useCases: [RecordedUseCase<Shop>] = [
        RecordedUseCase("search") { $0.search }, RecordedUseCase("searchTwice") { $0.searchTwice },
        RecordedUseCase("reset") { $0.reset },
    ]
}

struct Counted: Equatable, Sendable, Codable {
    var count = 0
    var label = ""
}

@Suite("Recording calls")
struct RecordingTests {
    @Test("a call is recorded with its name, arguments, starting state and outcome; its changes are marked as its")
    func callsAreRecorded() async throws {
        let journal = Journal<Counted>()
        let shop = Shop(journal: journal)
        #expect(try await shop.search(Query(text: "ad", limit: 3)) == 2)
        await #expect(throws: Failed.self) { try await shop.search(Query(text: "")) }
        shop.storage.update { $0.count = 9 }  // no call
        shop.reset()

        let calls = journal.calls
        #expect(calls.map(\.source) == [#"search(Query(text: "ad"))"#, #"search(Query(text: ""))"#, "reset()"])
        #expect(calls[0].arguments[0].json.description == #"{"limit":3,"tags":[],"text":"ad"}"#)
        #expect(calls[0].outcome == .returned(.number(2)))
        #expect(calls[1].outcome == .threw("it failed"))
        #expect(calls[2].outcome == .returned(nil))
        #expect(calls[0].signature == .init(isAsync: true, canThrow: true, returnsValue: true))
        #expect(calls[2].signature == .init(isAsync: false, canThrow: false, returnsValue: false))
        #expect(calls[2].before == Counted(count: 9, label: "ad"))
        #expect(journal.entries.map(\.call) == [1, 1, nil, 3])
    }

    @Test("a call made inside another is part of it, not a call of its own")
    func nestedCallsAreTheOuterOnes() async throws {
        let journal = Journal<Counted>()
        let shop = Shop(journal: journal)
        try await shop.searchTwice(Query(text: "ad"))
        #expect(journal.calls.map(\.useCase) == ["searchTwice"])
        #expect(journal.entries.map(\.call) == [1, 1, 1])
    }

    @Test("without a journal, the use case is handed out as it is")
    func noJournalNoRecording() async throws {
        let shop = Shop(journal: nil)
        #expect(try await shop.search(Query(text: "abc")) == 3)
        #expect(shop.storage.value.count == 1)
    }

    @Test("the journal's lines read back, and a range of calls exports as a test of each step")
    func exportsATest() async throws {
        let journal = Journal<Counted>()
        let shop = Shop(journal: journal)
        _ = try await shop.search(Query(text: "ad"))
        shop.reset()
        let file = try JournalFile(jsonLines: journal.jsonLines())
        #expect(file.calls.map(\.source) == journal.calls.map(\.source))
        #expect(file.entries.map(\.call) == [1, 1, 2])
        // As a copy kept with Windows line ends has it ("\r\n" is one character).
        let crlf = try JournalFile(jsonLines: journal.jsonLines().replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(crlf.calls.map(\.source) == file.calls.map(\.source) && crlf.entries.map(\.call) == [1, 1, 2])

        let export = TestExport(imports: ["Shop"], container: "shop", useCases: Shop.useCases) { start in
            ["let shop = try Shop(recorded: \(TestExport.literal(start.state)))"]
        }
        let source = try export.source(of: file, calls: 1...2)
        #expect(source.contains(##"let shop = try Shop(recorded: #"{"count":0,"label":""}"#)"##))
        #expect(source.contains(#"_ = try await shop.search(Query(text: "ad"))"#))
        #expect(source.contains(#"[.init(path: "count", old: "0", new: "1")],"#))
        #expect(source.contains(#"[.init(path: "label", old: "\"\"", new: "\"ad\"")])"#))
        #expect(source.contains("    shop.reset()\n"))
        let failure = #expect(throws: TestExport.Failure.self) { try export.source(of: file, calls: 1...5) }
        #expect(failure?.description == "Call 3 is not in the journal.")
    }

    @Test("JSON is written with sorted keys and read back; hostile text is refused, never followed")
    func json() throws {
        let value = try JSONValue(encoding: ["b": [1.5, 2], "a": ["x\"\n\u{1}"]] as [String: [AnyCodable]])
        #expect(value.description == #"{"a":["x\"\n\u0001"],"b":[1.5,2]}"#)
        #expect(try JSONValue(parsing: value.description) == value)
        #expect(
            try JSONValue(parsing: #" ["\ud83d\ude00", true, null, -2e3] "#).description == #"["😀",true,null,-2000]"#)
        for hostile in [String(repeating: "[", count: 100_000), #"{"a":1"#, "\"\u{1}\"", #""\x""#, "1 2", "", "nul"] {
            #expect(throws: JSONValue.ParseError.self) { try JSONValue(parsing: hostile) }
        }
    }
}

/// A number or a string, to encode a mixed array.
enum AnyCodable: Encodable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    case number(Double)
    case text(String)
    init(floatLiteral value: Double) { self = .number(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(stringLiteral value: String) { self = .text(value) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        }
    }
}

/// A journal file is data from whoever sent it: what it says becomes values, never code.
@Suite("Exporting a hostile journal")
struct HostileExportTests {
    static let export = TestExport(imports: ["Shop"], container: "shop", useCases: Shop.useCases) { start in
        ["let shop = try Shop(recorded: \(TestExport.literal(start.state)))"]
    }

    /// A journal of one call of `useCase` with `arguments` (each a `source` and a `json`), started at `time`.
    static func journal(useCase: String = "search", arguments: String, time: String = "1") -> String {
        #"{"arguments":[\#(arguments)],"before":{"count":0,"label":""},"kind":"call","outcome":{"returned":1},"#
            + #""sequence":1,"signature":{"async":true,"returns":true,"throws":true},"time":\#(time),"#
            + #""useCase":"\#(useCase)"}"#
    }

    @Test("an argument is written from its value, whatever source the file gives it")
    func sourceIsNeverCopied() throws {
        let source = #"Query(text: \"\")); print(\"INJECTED-1\"); _ = (0"#
        let file = try JournalFile(
            jsonLines: Self.journal(arguments: #"{"json":{"tags":[],"text":"ad"},"source":"\#(source)"}"#))
        let test = try Self.export.source(of: file, calls: 1...1)
        #expect(!test.contains("INJECTED"))
        #expect(test.contains(#"_ = try await shop.search(Query(text: "ad"))"#))
    }

    @Test("text in a value stays in its literal: quotes, comment marks, line separators, direction marks")
    func textStaysText() throws {
        let text = #"\"); print(\"INJECTED\"); /* */ \"\"\" \u2028 \u2029 \u202e \u0000"#
        let file = try JournalFile(
            jsonLines: Self.journal(arguments: #"{"json":{"tags":[],"text":"\#(text)"},"source":"x"}"#))
        let test = try Self.export.source(of: file, calls: 1...1)
        #expect(
            test.contains(
                #"shop.search(Query(text: "\"); print(\"INJECTED\"); /* */ \"\"\" \u{2028} \u{2029} \u{202e} \u{0}"))"#)
        )
        for invisible: Unicode.Scalar in ["\u{2028}", "\u{2029}", "\u{202E}", "\u{0}"] {
            #expect(
                !test.unicodeScalars.contains(invisible), "U+\(String(invisible.value, radix: 16)) written as it is")
        }
    }

    @Test(
        "a state's literal ends only where it ends, whatever marks follow a quote or a backslash",
        arguments: ["a\"#\u{301}b", "a\\#\u{301}b", "a\"##\u{20E3}\"#\u{FE0F}", "\"#", "plain"])
    func literalEndsAtItsEnd(_ text: String) {
        let literal = TestExport.literal(.object(["text": .string(text)]))
        let hashes = String(literal.prefix { $0 == "#" })
        #expect(!hashes.isEmpty && literal.utf8.starts(with: (hashes + "\"").utf8))
        // The compiler ends a raw string at its first `"` and hashes, by byte: only at the end here.
        let closing = Array(("\"" + hashes).utf8), bytes = Array(literal.utf8)
        let ends = (0...(bytes.count - closing.count)).filter { bytes[$0..<$0 + closing.count].elementsEqual(closing) }
        #expect(ends == [bytes.count - closing.count], "\(literal) ends early")
    }

    @Test("a use case not declared, or arguments not of its types, are refused by name")
    func undeclaredRefused() throws {
        let undeclared = try JournalFile(jsonLines: Self.journal(useCase: "print", arguments: ""))
        #expect(throws: TestExport.Failure(description: #"Call 1: no use case named "print" is declared."#)) {
            try Self.export.source(of: undeclared, calls: 1...1)
        }
        let wrong = try JournalFile(jsonLines: Self.journal(arguments: #"{"json":"ad","source":"x"}"#))
        #expect(throws: TestExport.Failure(description: "Call 1 (search): argument 1 is not a Query.")) {
            try Self.export.source(of: wrong, calls: 1...1)
        }
        let extra = try JournalFile(
            jsonLines: Self.journal(
                arguments: #"{"json":{"tags":[],"text":"ad"},"source":"x"},{"json":1,"source":"1"}"#))
        #expect(
            throws: TestExport.Failure(
                description: "Call 1 (search): the journal gives 2 arguments, the use case takes 1.")
        ) {
            try Self.export.source(of: extra, calls: 1...1)
        }
    }

    @Test("a time no call can have started at is refused, never trapped on", arguments: ["1e300", "-5", "1e20"])
    func impossibleTime(time: String) {
        let line = Self.journal(arguments: #"{"json":{"tags":[],"text":"ad"},"source":"x"}"#, time: time)
        #expect(throws: JournalFile.ReadError.self) { try JournalFile(jsonLines: line) }
    }
}
