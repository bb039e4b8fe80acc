import Persons
import PersonsShow
import Pure
import Synchronization

/// What the inspector (`pure serve --inspector`) shows and does: the journals of the app state
/// and of the open lists, side by side, each entry marked by the store it changed, and going
/// back to an entry of the app state. Each entry is described once, when first shown.
///
/// ```swift
/// let journal = Journal<Roger>()
/// let vessel = try Vessel(configuration, journal: journal)
/// let server = try PersonsWebServer(service: vessel, inspector: Inspector(journal: journal, lists: vessel.listJournal) {
///     vessel.restoreStateAction($0)
/// })
/// ```
public final class Inspector: Sendable {
    /// How many of the newest entries the page lists.
    static let shown = 100
    /// The longest use-case name the filter takes.
    static let nameLimit = 200
    /// What marks an entry of the app state.
    static let app = "app"

    let journal: Journal<Roger>
    let lists: Journal<ListState>?
    /// Makes the app state what entry `sequence` left; `false` when it has left the journal.
    let restore: @Sendable (Int) -> Bool
    private let described = Mutex<[String: JournalView.Row]>([:])

    /// An inspector of `journal` and of `lists`, the open lists' journal; `restore` makes the
    /// app state that of an entry, `false` when the entry has left the journal.
    public init(journal: Journal<Roger>, lists: Journal<ListState>? = nil, restore: @escaping @Sendable (Int) -> Bool) {
        self.journal = journal
        self.lists = lists
        self.restore = restore
    }

    /// The entries of both journals as they are now.
    struct Snapshot {
        let app: [JournalEntry<Roger>]
        let lists: [JournalEntry<ListState>]

        /// Every entry, oldest first, with the store it changed.
        var merged: [Entry] {
            let app = app.map { Entry($0, store: Inspector.app) }
            let lists = lists.map { Entry($0, store: "list " + ListAddress.path($0.after.criteria)) }
            return (app + lists).sorted { $0.time < $1.time }
        }
    }

    /// An entry of either journal, and the store it changed.
    struct Entry {
        let store: String
        let useCase: String
        let time: Double
        let sequence: Int
        let summary: String
        let difference: () -> StateDifference

        init<State>(_ entry: JournalEntry<State>, store: String) {
            self.store = store
            useCase = entry.useCase
            time = entry.time
            sequence = entry.sequence
            summary = entry.summary
            difference = { entry.difference }
        }

        /// Where its row is kept once described: the journal and the number in it.
        var key: String { "\(store == Inspector.app ? "app" : "list")#\(sequence)" }
    }

    /// Both journals as they are now.
    var snapshot: Snapshot { Snapshot(app: journal.entries, lists: lists?.entries ?? []) }

    /// The names of the use cases in `snapshot`, sorted.
    static func useCases(in snapshot: Snapshot) -> [String] {
        Set(snapshot.app.map(\.useCase) + snapshot.lists.map(\.useCase)).sorted()
    }

    /// The newest entries of `snapshot` made by `useCase`, or by any, newest first.
    func journalView(of snapshot: Snapshot, useCase: String?) -> JournalView {
        let merged = snapshot.merged
        let matching = useCase.map { name in merged.filter { $0.useCase == name } } ?? merged
        let rows = matching.suffix(Self.shown).reversed().map(row)
        // Rows of entries that left their journal are dropped once there are more than both keep.
        described.withLock { described in
            guard described.count > journal.capacity * 2 else { return }
            let kept = Set(merged.map(\.key))
            described = described.filter { kept.contains($0.key) }
        }
        return JournalView(rows: Array(rows), kept: matching.count, shown: rows.count)
    }

    private func row(_ entry: Entry) -> JournalView.Row {
        if let row = described.withLock({ $0[entry.key] }) { return row }
        let difference = entry.difference()
        let row = JournalView.Row(
            store: entry.store, sequence: entry.sequence, summary: entry.summary, time: Self.clock(entry.time),
            changes: difference.changes.map { ($0.path, $0.old, $0.new) }, omitted: difference.omitted,
            restores: entry.store == Self.app)
        described.withLock { $0[entry.key] = row }
        return row
    }

    /// `time` (seconds since 1970) as the time of day in UTC, to the millisecond.
    static func clock(_ time: Double) -> String {
        let milliseconds = Int((time * 1_000).rounded()) % 86_400_000
        let parts = [milliseconds / 3_600_000, milliseconds / 60_000 % 60, milliseconds / 1_000 % 60]
        let clock = parts.map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
        let fraction = String(milliseconds % 1_000)
        return "\(clock).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) UTC"
    }
}
