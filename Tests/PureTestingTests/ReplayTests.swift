import Foundation
import Pure
import PureReplay
import PureTesting
import Testing

struct Tally: Equatable, Sendable, Codable {
    var count = 0
    var label = ""
}

struct Refused: Error {}

/// A container with recorded use cases; `factor` changes how `add` behaves.
final class Till: Sendable {
    let storage: MutableStore<Tally>
    let factor: Int
    var appState: Store<Tally> { storage.store }

    init(_ state: Tally = Tally(), journal: Journal<Tally>? = nil, factor: Int = 1) {
        storage = MutableStore(state, journal: journal)
        self.factor = factor
    }

    var add: @Sendable (Int) async throws(Refused) -> Void {
        storage.recording { [storage, factor] amount throws(Refused) in
            guard amount > 0 else { throw Refused() }
            storage.update { $0.count += amount * factor }
        }
    }

    var name: @Sendable (String) -> Void {
        storage.recording { [storage] text in storage.update { $0.label = text } }
    }

    /// Names the till while the hold it returns is kept, as a screen holds a scene.
    var holdName: @Sendable (String) -> NameHold {
        storage.recording { [storage] text in
            storage.update { $0.label = text }
            return NameHold(storage)
        }
    }

    static let useCases: [RecordedUseCase<Till>] = [
        RecordedUseCase("add") { $0.add }, RecordedUseCase("name") { $0.name },
        RecordedUseCase("holdName") { $0.holdName },
    ]

    /// A session: a count, a refused count, a name.
    static func session() async throws -> String {
        let journal = Journal<Tally>()
        let till = Till(Tally(count: 5), journal: journal)
        try await till.add(2)
        await #expect(throws: Refused.self) { try await till.add(0) }
        till.name("ad")
        return journal.jsonLines()
    }

    /// A till in the state the excerpt starts from.
    static func starting(_ excerpt: JournalFile.Excerpt, factor: Int = 1) throws -> Till {
        try Till(JSONDecoder().decode(Tally.self, from: Data(excerpt.state.description.utf8)), factor: factor)
    }
}

/// The till's name while this is held; let go, the name is cleared.
final class NameHold: Sendable {
    let storage: MutableStore<Tally>

    init(_ storage: MutableStore<Tally>) {
        self.storage = storage
    }

    deinit {
        storage.update { $0.label = "" }
    }
}

@Suite("Replaying a journal")
struct ReplayTests {
    @Test("a session replays on a container built from its starting state, every change as recorded")
    func sessionReplays() async throws {
        let excerpt = try JournalFile(jsonLines: try await Till.session()).excerpt()
        #expect(excerpt.calls.map(\.source) == ["add(2)", "add(0)", #"name("ad")"#])
        let till = try Till.starting(excerpt)
        await replay(excerpt, on: till, appState: till.appState, useCases: Till.useCases)
        #expect(till.appState.value == Tally(count: 7, label: "ad"))
    }

    @Test("what each call returned is held until the replay ends, as the session held it")
    func holdsWhatCallsReturn() async throws {
        let journal = Journal<Tally>()
        let till = Till(journal: journal)
        let hold = till.holdName("ad")
        try await till.add(2)
        let lines = journal.jsonLines()
        withExtendedLifetime(hold) {}
        let excerpt = try JournalFile(jsonLines: lines).excerpt()
        let again = try Till.starting(excerpt)
        // A hold let go at once would clear the name before step 2, a change the session never made.
        await replay(excerpt, on: again, appState: again.appState, useCases: Till.useCases)
        #expect(again.appState.value == Tally(count: 2, label: ""), "let go once the replay ended")
    }

    @Test("a use case that behaves otherwise fails, naming the step and the path")
    func changedBehaviourFails() async throws {
        let excerpt = try JournalFile(jsonLines: try await Till.session()).excerpt(1...1)
        let till = try Till.starting(excerpt, factor: 2)
        await withKnownIssue {
            await replay(excerpt, on: till, appState: till.appState, useCases: Till.useCases)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue
                    == "1. add(2): state change 1 differs from the recorded one:\ncount: recorded 5 -> 7, now 5 -> 9"
            }
        }
    }

    @Test("a use case the replay does not know, or arguments it cannot read, stop it by name")
    func unknownOrUnreadableFails() async throws {
        let lines = try await Till.session()
        let excerpt = try JournalFile(jsonLines: lines).excerpt()
        let till = try Till.starting(excerpt)
        await withKnownIssue {
            await replay(excerpt, on: till, appState: till.appState, useCases: [RecordedUseCase("add") { $0.add }])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix(#"3. name("ad"): no use case named name to replay"#) }
        }
        let unreadable = try JournalFile(jsonLines: lines.replacing(#"{"json":2,"#, with: #"{"json":"two","#)).excerpt()
        await withKnownIssue {
            await replay(unreadable, on: till, appState: till.appState, useCases: Till.useCases)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix("1. add(2): cannot be called again: argument 1 is not a Int")
            }
        }
    }

    @Test("a journal line whose call names no Swift name, or shows control characters, is refused")
    func hostileCallRefused() throws {
        let call =
            #"{"arguments":[],"before":null,"kind":"call","outcome":{"returned":null},"sequence":1,"#
            + #""signature":{"async":false,"returns":false,"throws":false},"time":1,"useCase":"reset"}"#
        #expect(try JournalFile(jsonLines: call).calls.map(\.source) == ["reset()"])
        for hostile in [
            call.replacing(#""reset""#, with: #""reset() }; evil(); func f(""#),
            call.replacing(#""arguments":[]"#, with: #""arguments":[{"json":1,"source":"1)\n evil("}]"#),
        ] {
            #expect(
                throws: JournalFile.ReadError(
                    line: 1, reason: "not a journal line: a field is missing or of the wrong kind")
            ) {
                try JournalFile(jsonLines: hostile)
            }
        }
    }
}
