import NIOConcurrencyHelpers
import Persons
import PersonsVessel
import Pure

/// `--trace`: each change of the app state, the open lists' included, printed on standard error
/// as the vessel's journal records it: the use case, how long it took and whom it reached, then a
/// line per changed path; a list's paths name it by its criteria.
///
/// ```text
/// #2 ApplyRegionAction, 6 µs, 1 selection changed, 1 subscriber told
///   field.isRegion: true -> false
/// #3 ReadListsQuery, 9 µs, 0 selections changed, 0 subscribers told
///   lists["ad" region=KR].scene.result.total: 0 -> 3
/// ```
///
/// It prints the entries from a subscriber of the state, so such a change is printed before the
/// use case that made it returns, and all that are left when it stops.
final class Tracer: Sendable {
    private let subscription: StoreSubscription
    private let print: @Sendable () -> Void

    /// Starts tracing `vessel`; `nil` when it keeps no journal.
    init?(_ vessel: Vessel) {
        guard let journal = vessel.journal else { return nil }
        let printed = NIOLockedValueBox(0)
        let print: @Sendable () -> Void = {
            printed.withLockedValue { last in
                while let entry = journal.entry(last + 1) {
                    Self.print(entry.description)
                    last = entry.sequence
                }
            }
        }
        self.print = print
        subscription = vessel.appState.stored { $0 }.subscribe { _ in print() }
    }

    /// Prints what is left, and stops printing.
    func stop() {
        subscription.cancel()
        print()
    }

    private static func print(_ text: String) {
        for line in text.split(separator: "\n") { Terminal.printError(String(line)) }
    }
}
