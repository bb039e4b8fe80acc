import PersonsTestSupport
import Testing

// Journals kept as files, replayed on the Raft: each is the inspector's "Download the journal"
// of a session, as it came.

/// The session `FlipSearchOpenTests` was exported from (open the list, flip the region switch,
/// search "ad", the same search filtered, the next page of everyone, a jump to M, open a person),
/// every call of it, each list checked whole.
@Test func flipSearchOpenJournal() async throws {
    try await Raft.replay(journal: "Journals/flip-search-open.jsonl")
}
