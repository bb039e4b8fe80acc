import Synchronization

/// The read-only face of an observable state: its current ``value`` and the ``Stored``
/// selections screens keep of it.
///
/// A ``MutableStore`` owns the state and is the only place it changes. It hands this view out,
/// typically as an app's `AppState`; a `Store` cannot be turned back into its owner.
///
/// ```swift
/// typealias AppState = Store<Roger>
///
/// let isRegion: Stored<Bool> = appState.stored(\.field.isRegion)
/// let count: Stored<Int> = appState.stored { $0.query.metas.count }
/// print(appState.value.sys.last)
/// ```
///
/// Selections made from the same key path share one comparison per update, however many
/// subscribers watch them; an update costs one comparison per distinct selection plus one call
/// per subscriber whose value changed.
///
/// The engine behind the store is `@inlinable` so that the compiler specializes it for each
/// app's state and field types: generic code left unspecialized across modules would pay for
/// runtime type lookups on every comparison.
public final class Store<State: Equatable & Sendable>: Sendable {
    @usableFromInline let registry: Locked<Registry<State>>
    @usableFromInline let lastSelectorID = Atomic<UInt64>(0)

    @usableFromInline init(_ initial: State) {
        registry = Locked(Registry(state: initial))
    }

    /// The current state.
    ///
    /// ```swift
    /// if appState.value.field.isRegion { ... }
    /// ```
    @inlinable public var value: State {
        registry.withLock { $0.state }
    }

    /// A de-duplicated selection of one field of the state.
    ///
    /// Every selection made from the same key path shares one comparison per update.
    ///
    /// ```swift
    /// let isRegion = appState.stored(\.field.isRegion)
    /// ```
    @inlinable public func stored<Value>(_ keyPath: KeyPath<State, Value> & Sendable) -> Stored<Value> {
        Stored(Selection(store: self, selector: .keyPath(keyPath)))
    }

    /// A de-duplicated value derived from the state by a closure.
    ///
    /// The closure runs once per update while the store is locked, however many subscribers
    /// the returned selection has: keep it pure and quick, and do not touch the store from it.
    ///
    /// ```swift
    /// let title = appState.stored { "\($0.query.metas.count) people" }
    /// ```
    @inlinable public func stored<Value>(_ select: @escaping @Sendable (State) -> Value) -> Stored<Value> {
        let id = lastSelectorID.add(1, ordering: .relaxed).newValue
        return Stored(Selection(store: self, selector: .closure(id: id, select: select)))
    }

    /// How many subscriptions are live on this store: callbacks, async iterations and bindings.
    ///
    /// Useful to prove that a screen released what it watched:
    ///
    /// ```swift
    /// page.close()
    /// #expect(appState.subscriptionCount == 0)
    /// ```
    public var subscriptionCount: Int {
        registry.withLock { $0.subscriptionCount }
    }

    /// How many distinct selections are compared on each update.
    ///
    /// ```swift
    /// _ = appState.stored(\.field.isRegion).subscribe { _ in }
    /// _ = appState.stored(\.field.isRegion).subscribe { _ in }
    /// #expect(appState.selectionCount == 1)
    /// ```
    public var selectionCount: Int {
        registry.withLock { $0.selectionCount }
    }

    /// How many key-path selections nobody watches are kept parked (for tests).
    var parkedSelectionCount: Int {
        registry.withLock { $0.parked.count }
    }
}
