import Pure
import Testing

/// Records every change of a store's state, to assert exhaustively what an action did: each
/// change, in order, and nothing else.
///
/// Describe each expected change as a mutation of the state before it, the way the use case
/// writes it:
///
/// ```swift
/// let changes = StateChanges(vessel.appState)
/// _ = try await vessel.loadPerson("42")
/// await changes.expect(
///     { $0.route.uis = "42" },
///     { $0.sys.last = .success }
/// )
/// ```
///
/// Each call to ``expect(_:timeout:sourceLocation:)`` picks up where the previous one stopped.
public final class StateChanges<State: Equatable & Sendable>: Sendable {
    private let recorded = Recording<State>()
    private let asserted = Locked(0)
    private let subscription: StoreSubscription

    /// Starts recording `store`; its current state is where the first expectation starts.
    public init(_ store: Store<State>) {
        subscription = store.stored { $0 }.subscribe { [recorded] state in
            recorded.append(state)
        }
    }

    /// Waits until as many changes as `changes` are recorded (or `timeout` passes), then records
    /// an issue for each recorded change that differs from its expectation and for every
    /// change that was not expected.
    ///
    /// Passing no change asserts that nothing changed since the last expectation.
    ///
    /// ```swift
    /// await changes.expect { $0.field.isRegion = false }
    /// ```
    public func expect(
        _ changes: (inout State) -> Void...,
        timeout: Duration = .seconds(5),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let start = asserted.withLock { $0 }
        let needed = start + 1 + changes.count
        await waitUntil("\(changes.count) state changes", timeout: timeout, sourceLocation: sourceLocation) {
            self.recorded.count >= needed
        }
        let states = recorded.all
        guard states.count > start else { return }
        var previous = states[start]
        for (offset, change) in changes.enumerated() {
            let index = start + 1 + offset
            guard index < states.count else { break }
            var expected = previous
            change(&expected)
            if states[index] != expected {
                Issue.record(
                    Comment(
                        rawValue: "State change \(offset + 1) differs from the expected one (expected -> actual):\n"
                            + StateDifference(from: expected, to: states[index]).description),
                    sourceLocation: sourceLocation
                )
            }
            previous = states[index]
        }
        for index in needed..<max(needed, states.count) {
            Issue.record(
                Comment(
                    rawValue: "Unexpected state change (before -> after):\n"
                        + StateDifference(from: states[index - 1], to: states[index]).description),
                sourceLocation: sourceLocation
            )
        }
        asserted.withLock { $0 = max(states.count - 1, start) }
    }
}
