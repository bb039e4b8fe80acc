import Pure
import Testing

/// Records every value a `Stored` selection emits, to assert the exact sequence.
///
/// Recording starts at once, with the current value, and lasts until ``cancel()`` or until the
/// recorder is released.
///
/// ```swift
/// let isRegion = StoredRecorder(appState.stored(\.field.isRegion))
/// await vessel.applyRegion(false)
/// await vessel.applyRegion(true)
/// await isRegion.expect([true, false, true])
/// ```
public final class StoredRecorder<Value: Equatable & Sendable>: Sendable {
    private let recorded = Recording<Value>()
    private let subscription = Locked<StoreSubscription?>(nil)

    /// Starts recording `stored`.
    public init(_ stored: Stored<Value>) {
        let token = stored.subscribe { [recorded] value in
            recorded.append(value)
        }
        subscription.withLock { $0 = token }
    }

    /// Everything recorded so far, the value at the start first.
    ///
    /// ```swift
    /// #expect(recorder.values.last == true)
    /// ```
    public var values: [Value] {
        recorded.all
    }

    /// Waits until at least `expected.count` values are recorded (or `timeout` passes), then
    /// records an issue unless the recorded values are exactly `expected`.
    ///
    /// ```swift
    /// await recorder.expect([.ready, .success])
    /// ```
    public func expect(
        _ expected: [Value],
        timeout: Duration = .seconds(60),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await waitUntil("\(expected.count) values recorded", timeout: timeout, sourceLocation: sourceLocation) {
            self.values.count >= expected.count
        }
        let actual = values
        if actual != expected {
            Issue.record(
                Comment(
                    rawValue: "Recorded values differ from the expected ones (expected -> actual):\n"
                        + StateDifference(from: expected, to: actual).description),
                sourceLocation: sourceLocation
            )
        }
    }

    /// Stops recording; what was recorded stays readable.
    ///
    /// ```swift
    /// recorder.cancel()
    /// ```
    public func cancel() {
        subscription.withLock { $0 = nil }
    }
}
