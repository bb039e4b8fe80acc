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

        let export = TestExport(imports: ["Shop"], container: "shop", useCases: Shop.useCases) { start, data in
            ["let shop = try Shop(recorded: \(data.keep(start.state, as: "start")))"]
        }
        let test = try export.test(of: file, calls: 1...2)
        #expect(test.source.contains(#"let shop = try Shop(recorded: data["start"])"#))
        #expect(test.data == "{\n" + #""start":{"count":0,"label":""}"# + "\n}\n")
        #expect(test.source.contains(#"_ = try await shop.search(Query(text: "ad"))"#))
        #expect(
            test.source.contains(
                #"""
                    await changes.expect(step: "1. search(Query(text: \"ad\"))") {
                        $0.count = 1
                        $0.label = "ad"
                    }
                """#))
        #expect(test.source.contains("    shop.reset()\n"))
        let failure = #expect(throws: TestExport.Failure.self) { try export.test(of: file, calls: 1...5) }
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
    static let export = TestExport(imports: ["Shop"], container: "shop", useCases: Shop.useCases) { start, data in
        ["let shop = try Shop(recorded: \(data.keep(start.state, as: "start")))"]
    }

    /// A journal of one call of `useCase` with `arguments` (each a `source` and a `json`), started at `time`.
    static func journal(
        useCase: String = "search", arguments: String, time: String = "1", after: String = #"{"count":0,"label":""}"#
    ) -> String {
        #"{"after":\#(after),"arguments":[\#(arguments)],"before":{"count":0,"label":""},"kind":"call","outcome":{"returned":1},"#
            + #""sequence":1,"signature":{"async":true,"returns":true,"throws":true},"time":\#(time),"#
            + #""useCase":"\#(useCase)"}"#
    }

    @Test("an argument is written from its value, whatever source the file gives it")
    func sourceIsNeverCopied() throws {
        let source = #"Query(text: \"\")); print(\"INJECTED-1\"); _ = (0"#
        let file = try JournalFile(
            jsonLines: Self.journal(arguments: #"{"json":{"tags":[],"text":"ad"},"source":"\#(source)"}"#))
        let test = try Self.export.test(of: file, calls: 1...1).source
        #expect(!test.contains("INJECTED"))
        #expect(test.contains(#"_ = try await shop.search(Query(text: "ad"))"#))
    }

    @Test("text in a value stays in its literal: quotes, comment marks, line separators, direction marks")
    func textStaysText() throws {
        let text = #"\"); print(\"INJECTED\"); /* */ \"\"\" \u2028 \u2029 \u202e \u0000"#
        let file = try JournalFile(
            jsonLines: Self.journal(arguments: #"{"json":{"tags":[],"text":"\#(text)"},"source":"x"}"#))
        let test = try Self.export.test(of: file, calls: 1...1).source
        #expect(
            test.contains(
                #"shop.search(Query(text: "\"); print(\"INJECTED\"); /* */ \"\"\" \u{2028} \u{2029} \u{202e} \u{0}"))"#)
        )
        for invisible: Unicode.Scalar in ["\u{2028}", "\u{2029}", "\u{202E}", "\u{0}"] {
            #expect(
                !test.unicodeScalars.contains(invisible), "U+\(String(invisible.value, radix: 16)) written as it is")
        }
    }

    @Test("a state's text and keys in a step stay in their literals; a long value goes to the data, as JSON")
    func stateStaysText() throws {
        let text = #"\"); print(\"INJECTED\"); /* */ \"\"\" \u2028 \u202e \u0000"#
        let long = String(repeating: "x", count: 200)
        let file = try JournalFile(
            jsonLines: Self.journal(
                arguments: #"{"json":{"tags":[],"text":"ad"},"source":"x"}"#,
                after: #"{"count":0,"label":"\#(text)","a\"b":1,"_0":"\#(long)\u202e"}"#))
        let test = try Self.export.test(of: file, calls: 1...1)
        #expect(test.source.contains(#"$0["_0"] = data["1 _0"]"#), "\(test.source)")
        #expect(test.source.contains(#"$0["a\"b"] = 1"#))
        #expect(test.source.contains(#"$0.label = "\"); print(\"INJECTED\"); /* */ \"\"\" \u{2028} \u{202e} \u{0}""#))
        #expect(test.data.contains(#""1 _0":"\#(long)\u202e""#))
        for invisible: Unicode.Scalar in ["\u{2028}", "\u{202E}", "\u{0}"] {
            #expect(
                !(test.source + test.data).unicodeScalars.contains(invisible),
                "U+\(String(invisible.value, radix: 16)) written as it is")
        }
    }

    @Test("a use case not declared, or arguments not of its types, are refused by name")
    func undeclaredRefused() throws {
        let undeclared = try JournalFile(jsonLines: Self.journal(useCase: "print", arguments: ""))
        #expect(throws: TestExport.Failure(description: #"Call 1: no use case named "print" is declared."#)) {
            try Self.export.test(of: undeclared, calls: 1...1)
        }
        let wrong = try JournalFile(jsonLines: Self.journal(arguments: #"{"json":"ad","source":"x"}"#))
        #expect(throws: TestExport.Failure(description: "Call 1 (search): argument 1 is not a Query.")) {
            try Self.export.test(of: wrong, calls: 1...1)
        }
        let extra = try JournalFile(
            jsonLines: Self.journal(
                arguments: #"{"json":{"tags":[],"text":"ad"},"source":"x"},{"json":1,"source":"1"}"#))
        #expect(
            throws: TestExport.Failure(
                description: "Call 1 (search): the journal gives 2 arguments, the use case takes 1.")
        ) {
            try Self.export.test(of: extra, calls: 1...1)
        }
    }

    @Test("a time no call can have started at is refused, never trapped on", arguments: ["1e300", "-5", "1e20"])
    func impossibleTime(time: String) {
        let line = Self.journal(arguments: #"{"json":{"tags":[],"text":"ad"},"source":"x"}"#, time: time)
        #expect(throws: JournalFile.ReadError.self) { try JournalFile(jsonLines: line) }
    }
}
