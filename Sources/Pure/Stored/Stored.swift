/// A de-duplicated selection of a store's state: its current value, and every change of it.
///
/// Make one with ``Store/stored(_:)-(KeyPath<State,Value>Sendable)`` or
/// ``Store/stored(_:)-((State)->Value)``. Then read it, subscribe to it, iterate it, or
/// bind it to a view model:
///
/// ```swift
/// let isRegion = appState.stored(\.field.isRegion)
///
/// isRegion.value                                   // now
/// let token = isRegion.subscribe { print($0) }     // now, then on each change
/// for await isOn in isRegion { ... }               // now, then the newest on each change
/// ```
///
/// A subscriber hears a value only when it differs from the previous one it heard, always in
/// the order the state changed, never an older value after a newer one.
public struct Stored<Value: Equatable & Sendable>: Sendable {
    // Closures rather than an existential, so that the code behind them stays specialized for
    // the store's state type after `State` is erased.
    @usableFromInline let read: @Sendable () -> Value
    @usableFromInline let attach: @Sendable (@escaping @Sendable (Value) -> Void) -> StoreSubscription

    @inlinable init<State>(_ selection: Selection<State, Value>) {
        read = { selection.value }
        attach = { selection.subscribe($0) }
    }

    /// The selected value in the current state.
    ///
    /// ```swift
    /// if isRegion.value { ... }
    /// ```
    @inlinable public var value: Value {
        read()
    }

    /// Calls `callback` with the current value, then with each new value, until the returned
    /// token is cancelled or released.
    ///
    /// Callbacks of one store never run concurrently and never under the store's lock: they
    /// run on the thread that changed the state (or that subscribed, for the first value), in
    /// state order. A callback may read and update the store.
    ///
    /// ```swift
    /// let token = appState.stored(\.sys.last).subscribe { signal in
    ///     log.info("sync finished: \(signal)")
    /// }
    /// ```
    @inlinable public func subscribe(_ callback: @escaping @Sendable (Value) -> Void) -> StoreSubscription {
        attach(callback)
    }
}
