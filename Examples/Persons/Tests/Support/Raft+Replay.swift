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
    /// started from, holding the people they returned and listed (`RecordedPeople`) and answering
    /// the lists those people cannot list again as recorded (`RecordedPages`), and checks
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
    /// lists are read through what `lists` makes of the real database worker, and answered with
    /// what `pages` and `sides` make of the recorded pages and side reads (a test of what catches a
    /// changed query, or a changed answer, changes one of them).
    ///
    /// ```swift
    /// try await Raft.replay(excerpt, lists: { MutatedLists(base: $0, mutation: .orderReversed) })
    /// ```
    public static func replay(
        _ excerpt: JournalFile.Excerpt, sourceLocation: SourceLocation = #_sourceLocation,
        pages: ([RecordedPages.Page]) -> [RecordedPages.Page] = { $0 },
        sides: ([RecordedPages.Side]) -> [RecordedPages.Side] = { $0 },
        lists: (any ListDBWork) -> any ListDBWork = { $0 }
    ) async throws {
        let recorded = RecordedPages(excerpt)
        let raft = try await Raft(
            state: JSONDecoder().decode(Roger.self, from: Data(excerpt.state.description.utf8)),
            people: RecordedPeople(excerpt.calls).people,
            pages: RecordedPages(pages(recorded.pages), sides: sides(recorded.sides)), lists: lists)
        await PureTesting.replay(
            excerpt, on: raft.vessel as any Serving, appState: raft.appState, useCases: Journaled.useCases,
            scenes: Journaled.scenes, sourceLocation: sourceLocation)
    }
}
