import Persons
import PersonsVessel
import Pure
import Synchronization

/// `--trace`: each change of the app state, printed on standard error as the vessel's journal
/// records it: the use case, how long it took and whom it reached, then a line per changed path.
///
/// ```text
/// #2 ApplyRegionAction, 6 µs, 1 selection changed, 1 subscriber told
///   field.isRegion: true -> false
/// ```
///
/// It prints from a subscriber of the state, so a change is printed before the use case that
/// made it returns.
final class Tracer: Sendable {
    private let subscription: StoreSubscription

    /// Starts tracing `vessel`; `nil` when it keeps no journal.
    init?(_ vessel: Vessel) {
        guard let journal = vessel.journal else { return nil }
        let printed = Mutex(0)
        subscription = vessel.appState.stored { $0 }.subscribe { _ in
            printed.withLock { last in
                while let entry = journal.entry(last + 1) {
                    for line in entry.description.split(separator: "\n") { Terminal.printError(String(line)) }
                    last = entry.sequence
                }
            }
        }
    }

    /// Stops printing.
    func stop() {
        subscription.cancel()
    }
}
