/// A selector bound to the store it selects from: what a ``Stored`` reads and subscribes to.
@usableFromInline
final class Selection<State: Equatable & Sendable, Value: Equatable & Sendable>: Sendable {
    @usableFromInline let store: Store<State>
    @usableFromInline let selector: Selector<State, Value>

    @inlinable init(store: Store<State>, selector: Selector<State, Value>) {
        self.store = store
        self.selector = selector
    }

    @inlinable var value: Value {
        selector.select(from: store.value)
    }

    @inlinable func subscribe(_ callback: @escaping @Sendable (Value) -> Void) -> StoreSubscription {
        store.subscribe(selector, callback)
    }
}
