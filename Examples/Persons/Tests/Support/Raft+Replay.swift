import Foundation
import Persons
import PersonsReplay
import Pure
import PureReplay
import PureTesting
import Testing

// A journal kept as a file (a bug report's, the inspector's download) replayed on the Raft.
extension Raft {
    /// Replays the calls `range` (all of them when `nil`) of the journal file at `path` (relative
    /// to the folder of the calling test's file) on a Raft in the app state the first of them
    /// started from, holding the people they returned and listed (`RecordedPeople`), and checks
    /// each call's outcome, its state changes and the lists it opened or changed: a bug report's
    /// journal as a regression test, in one line.
    ///
    /// ```swift
    /// @Test func bug42() async throws {
    ///     try await Raft.replay(journal: "Journals/bug-42.jsonl")
    /// }
    /// ```
    public static func replay(
        journal path: String, calls range: ClosedRange<Int>? = nil, filePath: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let file = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: filePath).deletingLastPathComponent())
        try await replay(JournalFile(contentsOf: file.path).excerpt(range), sourceLocation: sourceLocation)
    }

    /// Replays `excerpt` as ``replay(journal:calls:filePath:sourceLocation:)`` does, on a Raft whose
    /// database worker is what `worker` makes of the real one.
    ///
    /// ```swift
    /// try await Raft.replay(excerpt) { MutatedDB(base: $0, mutation: .orderReversed) }
    /// ```
    public static func replay(
        _ excerpt: JournalFile.Excerpt, sourceLocation: SourceLocation = #_sourceLocation,
        worker: (any PersonDBWork) -> any PersonDBWork = { $0 }
    ) async throws {
        let recorded = RecordedPeople(excerpt.calls)
        for list in recorded.partial {
            Issue.record("The list \(list) counted people the journal never showed", sourceLocation: sourceLocation)
        }
        let raft = try await Raft(
            state: JSONDecoder().decode(Roger.self, from: Data(excerpt.state.description.utf8)),
            people: recorded.people, worker: worker)
        await PureTesting.replay(
            excerpt, on: raft.vessel as any Serving, appState: raft.appState, useCases: Journaled.useCases,
            scenes: Journaled.scenes, sourceLocation: sourceLocation)
    }
}
