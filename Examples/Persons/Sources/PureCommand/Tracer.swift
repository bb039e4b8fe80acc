import Persons
import PersonsVessel
import Pure
import Synchronization

/// `--trace`: each change of the app state, and of the lists open, printed on standard error as
/// the vessel's journals record them: the use case, how long it took and whom it reached, then a
/// line per changed path. A list's entries are marked with the list's criteria.
///
/// ```text
/// #2 ApplyRegionAction, 6 µs, 1 selection changed, 1 subscriber told
///   field.isRegion: true -> false
/// list "ad" region=KR #1 PersonListQuery, 9 µs, 0 selections changed, 0 subscribers told
///   result.total: 0 -> 3
/// ```
///
/// It prints the app state's entries from a subscriber of the state, so such a change is printed
/// before the use case that made it returns; a list's, as its journal reports them, and all that
/// are left when it stops.
final class Tracer: Sendable {
    private let subscription: StoreSubscription
    private let lists: Task<Void, Never>?
    private let print: @Sendable () -> Void

    /// Starts tracing `vessel`; `nil` when it keeps no journal.
    init?(_ vessel: Vessel) {
        guard let journal = vessel.journal else { return nil }
        let listJournal = vessel.listJournal
        let printed = Mutex((app: 0, lists: 0))
        let print: @Sendable () -> Void = {
            printed.withLock { last in
                while let entry = journal.entry(last.app + 1) {
                    Self.print(entry.description)
                    last.app = entry.sequence
                }
                while let entry = listJournal?.entry(last.lists + 1) {
                    Self.print("list \(Self.label(entry.after.criteria)) \(entry.description)")
                    last.lists = entry.sequence
                }
            }
        }
        self.print = print
        subscription = vessel.appState.stored { $0 }.subscribe { _ in print() }
        lists = listJournal.map { journal in
            Task { for await _ in journal.updates() { print() } }
        }
    }

    /// Prints what is left, and stops printing.
    func stop() {
        subscription.cancel()
        lists?.cancel()
        print()
    }

    private static func print(_ text: String) {
        for line in text.split(separator: "\n") { Terminal.printError(String(line)) }
    }

    /// `"ad" region=KR from:M`: the criteria, as `pure list` takes them.
    private static func label(_ criteria: ListCriteria) -> String {
        let filters = ListFilter.allCases.compactMap { filter in
            criteria.filters[filter].map { "\(filter.rawValue)=\($0)" }
        }
        let position = criteria.position == .start ? [] : [criteria.position.description]
        return (["\"\(criteria.search)\""] + filters + position).joined(separator: " ")
    }
}
