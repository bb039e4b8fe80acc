import NIOConcurrencyHelpers
import Persons
import PersonsReplay
import PersonsShow
import Pure
import PureReplay

/// What the inspector (`pure serve --inspector`) shows and does: the journal of the app state,
/// the open lists' changes in it, each entry marked by what it changed (`app`, or the list's
/// address such as `list /?q=ad`), and going back to an entry. Each entry is described once,
/// when first shown.
///
/// ```swift
/// let journal = Journal<Roger>()
/// let vessel = try Vessel(configuration, journal: journal)
/// let server = try PersonsWebServer(service: vessel, inspector: Inspector(journal: journal) {
///     vessel.restoreStateAction($0)
/// })
/// ```
public final class Inspector: Sendable {
    /// How many of the newest entries the page lists.
    static let shown = 100
    /// The longest use-case name the filter takes.
    static let nameLimit = 200
    /// What marks a change of the app state's own.
    static let app = "app"

    let journal: Journal<Roger>
    /// Makes the app state what entry `sequence` left; `false` when it has left the journal.
    let restore: @Sendable (Int) -> Bool
    private let described = NIOLockedValueBox<[Int: JournalView.Row]>([:])

    /// An inspector of `journal`; `restore` makes the app state that of an entry, `false` when
    /// the entry has left the journal.
    public init(journal: Journal<Roger>, restore: @escaping @Sendable (Int) -> Bool) {
        self.journal = journal
        self.restore = restore
    }

    /// The entries as they are now.
    var snapshot: [JournalEntry<Roger>] { journal.entries }

    /// The names of the use cases in `snapshot`, sorted.
    static func useCases(in snapshot: [JournalEntry<Roger>]) -> [String] {
        Set(snapshot.map(\.useCase)).sorted()
    }

    /// What `entry` changed: `app` for the app state's own fields, `list /?q=ad` for each list.
    static func stores(of entry: JournalEntry<Roger>) -> String {
        let (before, after) = (entry.before, entry.after)
        let lists = Set(before.lists.keys + after.lists.keys).filter { before.lists[$0] != after.lists[$0] }
        let apart = { (state: Roger) in Journaled.scenes.reduce(state) { $1.cleared($0) } }
        let isApp = apart(before) != apart(after)
        let stores = (isApp ? [app] : []) + lists.map { "list " + ListAddress.path($0) }.sorted()
        return stores.isEmpty ? app : stores.joined(separator: ", ")
    }

    /// The newest entries of `snapshot` made by `useCase`, or by any, newest first.
    func journalView(of snapshot: [JournalEntry<Roger>], useCase: String?) -> JournalView {
        let matching = useCase.map { name in snapshot.filter { $0.useCase == name } } ?? snapshot
        let rows = matching.suffix(Self.shown).reversed().map(row)
        // Rows of entries that left the journal are dropped once there are more than it keeps.
        described.withLockedValue { described in
            guard described.count > journal.capacity * 2 else { return }
            let kept = Set(snapshot.map(\.sequence))
            described = described.filter { kept.contains($0.key) }
        }
        return JournalView(rows: Array(rows), kept: matching.count, shown: rows.count)
    }

    private func row(_ entry: JournalEntry<Roger>) -> JournalView.Row {
        if let row = described.withLockedValue({ $0[entry.sequence] }) { return row }
        let difference = entry.difference
        let row = JournalView.Row(
            store: Self.stores(of: entry), sequence: entry.sequence, summary: entry.summary,
            time: Self.clock(entry.time), changes: difference.changes.map { ($0.path, $0.old, $0.new) },
            omitted: difference.omitted)
        described.withLockedValue { $0[entry.sequence] = row }
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
