import Synchronization

/// One subscription as the registry tracks it: whether it is still wanted, which node it
/// watches, and where its entry sits there.
///
/// The public ``StoreSubscription`` token holds this object and the registry holds its entry; the
/// registry never holds the token, so releasing the token cancels.
@usableFromInline
final class Subscriber<State: Equatable & Sendable, Value: Equatable & Sendable>: Sendable {
    @usableFromInline let store: Store<State>
    /// The node this subscriber's entry is in; only used under the store's lock.
    @usableFromInline let node: Node<State, Value>
    @usableFromInline let active = Atomic<Bool>(true)
    @usableFromInline let position = Atomic<Int>(-1)

    @inlinable init(store: Store<State>, node: Node<State, Value>) {
        self.store = store
        self.node = node
    }

    /// Whether the subscription still wants values.
    @inlinable var isActive: Bool {
        active.load(ordering: .acquiring)
    }

    /// Where this subscriber's entry sits in its node's list. Only read and written under the
    /// store's lock; atomic only so that the class can be shared with delivering threads.
    @inlinable var slot: Int {
        get { position.load(ordering: .relaxed) }
        set { position.store(newValue, ordering: .relaxed) }
    }

    /// Stops deliveries at once and removes the entry from the store; idempotent.
    @inlinable func cancel() {
        if active.exchange(false, ordering: .acquiringAndReleasing) {
            store.detach(self)
        }
    }
}
