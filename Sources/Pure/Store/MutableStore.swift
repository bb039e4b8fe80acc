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
    /// Where every update that changes the state is recorded, if the store was given one.
    public let journal: Journal<State>?

    /// Creates a store holding `initial`, recording its updates in `journal` if one is given.
    ///
    /// ```swift
    /// let storage = MutableStore(Roger())
    /// let traced = MutableStore(Roger(), journal: Journal())
    /// ```
    public init(_ initial: State, journal: Journal<State>? = nil) {
        store = Store(initial)
        self.journal = journal
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
    /// With a ``journal``, an update that changed the state is recorded under the name of the
    /// use case that called it: `fileID` and `function` default to the caller's, so a use case
    /// never writes its own name.
    ///
    /// ```swift
    /// let changed = storage.update {
    ///     $0.sys.last = .success
    ///     $0.query.metas = metas
    /// }
    /// ```
    @inlinable @discardableResult
    public func update<Failure: Error>(
        fileID: StaticString = #fileID, function: StaticString = #function,
        _ body: (inout State) throws(Failure) -> Void
    ) throws(Failure) -> Bool {
        // Inlinable, like the engine under it, so that each app's module specializes it for its
        // own state: left generic it cost half as much again per update (StoreBenchmark, N = 1).
        guard let journal else { return try store.apply(body) }
        return try store.apply(body, recordingIn: journal, origin: .init(fileID: fileID, function: function))
    }

    /// Goes back to the state the journal's entry `sequence` left ("time travel"): every
    /// subscriber is told, a new entry records the jump, and the next update continues from
    /// there. Returns `false`, changing nothing, when there is no journal or the entry has left
    /// it.
    ///
    /// `apply` says how the entry's state is taken: all of it by default. A state with
    /// ``Scenes`` in it keeps the scenes open now, which screens show, and takes the rest:
    ///
    /// ```swift
    /// storage.update { $0.field.isRegion = false }   // entry #1
    /// storage.update { $0.field.isRegion = true }    // entry #2
    /// storage.restore(1)                              // isRegion is false again: entry #3
    /// storage.restore(1) { now, then in now.field = then.field }   // only the switches
    /// ```
    @discardableResult
    public func restore(
        _ sequence: Int, fileID: StaticString = #fileID, function: StaticString = #function,
        _ apply: (_ now: inout State, _ then: State) -> Void = { $0 = $1 }
    ) -> Bool {
        guard let journal, let entry = journal.entry(sequence) else { return false }
        _ = store.apply(
            { apply(&$0, entry.after) }, recordingIn: journal,
            origin: .init(fileID: fileID, function: function, kind: .restore(to: sequence)))
        return true
    }
}
