import Observation

/// Apple's Observation as a store: each subscriber tracks its field with
/// `withObservationTracking` and registers again after every change, as SwiftUI does for a view.
/// Scenarios (a) and (b) are the same here: Observation tracks what a closure reads, so a key
/// path and a closure select alike. Everything runs on the main actor, as SwiftUI's views do;
/// `onChange` comes on the thread that changed the field, here the main one.
final class ObservationContestant: Contestant {
    private let state = ObservedState()

    func subscribe(to field: Int, by kind: SelectorKind, counter: CallCounter) -> AnyObject {
        let subscriber = Tracker(state: state, field: ObservedField.all[field], counter: counter)
        subscriber.track()
        return subscriber
    }

    func update(_ field: Int, step: Int) {
        ObservedField.all[field].change(state, step: step)
    }

    /// One subscriber. Observation has no way to cancel a tracking: a released tracker is
    /// unregistered by the next change of its field, which finds it gone.
    @MainActor private final class Tracker {
        let state: ObservedState
        let field: ObservedField
        let counter: CallCounter

        init(state: ObservedState, field: ObservedField, counter: CallCounter) {
            self.state = state
            self.field = field
            self.counter = counter
        }

        func changed() {
            counter.increment()
            track()
        }

        func track() {
            withObservationTracking { [state, field] in
                field.read(state)
            } onChange: { [weak self] in
                MainActor.assumeIsolated { self?.changed() }
            }
        }
    }
}
