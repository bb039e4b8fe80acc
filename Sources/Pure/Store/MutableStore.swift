/// The owner of an observable state: the one place it changes.
///
/// A container keeps its `MutableStore` private, changes it only inside use cases, and hands
/// out the read-only ``store``:
///
/// ```swift
/// final class Vessel: Serving {
///     private let storage = MutableStore(Roger())
///     var appState: Store<Roger> { storage.store }
///
///     func applyRegion(_ isOn: Bool) {
///         storage.update { $0.field.isRegion = isOn }
///     }
/// }
/// ```
public final class MutableStore<State: Equatable & Sendable>: Sendable {
    /// The read-only view of this state, to hand out.
    public let store: Store<State>

    /// Creates a store holding `initial`.
    ///
    /// ```swift
    /// let storage = MutableStore(Roger())
    /// ```
    public init(_ initial: State) {
        store = Store(initial)
    }

    /// The current state.
    ///
    /// ```swift
    /// let metas = storage.value.query.metas
    /// ```
    public var value: State {
        store.value
    }

    /// Changes the state atomically and tells whether it changed.
    ///
    /// `body` runs while the store is locked, so updates from any thread or task apply one at
    /// a time and every change in `body` lands together: subscribers are told once, after the
    /// lock is released, and only if the state differs from before. If `body` throws, the state
    /// is left as it was and the error is rethrown. Do not read or update the store from inside
    /// `body`; subscribers, on the other hand, may call `update` freely.
    ///
    /// ```swift
    /// let changed = storage.update {
    ///     $0.sys.last = .success
    ///     $0.query.metas = metas
    /// }
    /// ```
    @discardableResult
    public func update<Failure: Error>(_ body: (inout State) throws(Failure) -> Void) throws(Failure) -> Bool {
        try store.apply(body)
    }
}
