/// What the registry knows of every selection, whatever its value type: its identity and its
/// place in the registry's list.
@usableFromInline
class NodeBase {
    @usableFromInline let key: SelectorKey
    /// The node's index in the registry's watched list, or -1 while parked. Only touched under
    /// the store's lock (see `Node`).
    @exclusivity(unchecked) @usableFromInline var slot = -1

    @usableFromInline init(key: SelectorKey) {
        self.key = key
    }

    /// How many subscribers watch this selection (under the store's lock).
    @usableFromInline var subscriberCount: Int { 0 }
}

/// One distinct selection watched in a store: its selector, the last value it selected, and
/// its subscribers. Compared once per update for all of them.
///
/// Lives inside the store's ``Registry``, and its mutable parts (`last`, `entries`, `slot`) are
/// only read or written while the store's lock is held: by the registry's own methods, which
/// run inside `Locked.withLock`. That is why it can be `@unchecked Sendable`: a ``Subscriber``
/// keeps a reference to its node only to hand it back to the registry, under the lock, when it
/// cancels; deliveries carry copies of the entry list, never the node. The kit's concurrency
/// tests, run under ThreadSanitizer, would report any access outside the lock. For the same
/// reason the mutable properties opt out of dynamic exclusivity checking, which would
/// otherwise run on every comparison (measured: a quarter of an update with a thousand closure
/// selections).
@usableFromInline
final class Node<State: Equatable & Sendable, Value: Equatable & Sendable>: NodeBase, @unchecked Sendable {
    /// A subscriber and its callback.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline let subscriber: Subscriber<State, Value>
        @usableFromInline let callback: @Sendable (Value) -> Void

        @inlinable init(subscriber: Subscriber<State, Value>, callback: @escaping @Sendable (Value) -> Void) {
            self.subscriber = subscriber
            self.callback = callback
        }

        /// Calls the callback unless the subscription was cancelled, even if this delivery
        /// was queued before the cancellation.
        @inlinable func deliver(_ value: Value) {
            if subscriber.isActive {
                callback(value)
            }
        }
    }

    @usableFromInline let selector: Selector<State, Value>
    @exclusivity(unchecked) @usableFromInline var last: Value
    @exclusivity(unchecked) @usableFromInline var entries: ContiguousArray<Entry> = []

    @inlinable init(key: SelectorKey, selector: Selector<State, Value>, state: State) {
        self.selector = selector
        last = selector.select(from: state)
        super.init(key: key)
    }

    @inlinable var isEmpty: Bool { entries.isEmpty }

    @inlinable override var subscriberCount: Int { entries.count }

    /// Re-selects from `state`; if the value changed, the delivery of the new value to every
    /// current subscriber.
    ///
    /// `state` is `inout` only so that it arrives by address: taken by value, the state would be
    /// copied once per selection and per update (measured: 40% of the time with a thousand
    /// closure selections). It is never changed here.
    @inlinable
    func refresh(reading state: inout State) -> Delivery? {
        let value = selector.select(reading: &state)
        guard value != last else { return nil }
        last = value
        let targets = entries
        return {
            for entry in targets {
                entry.deliver(value)
            }
        }
    }

    /// Adds a subscriber; returns its entry, to give it the current value.
    @inlinable
    func add(_ subscriber: Subscriber<State, Value>, callback: @escaping @Sendable (Value) -> Void) -> Entry {
        let entry = Entry(subscriber: subscriber, callback: callback)
        subscriber.slot = entries.count
        entries.append(entry)
        return entry
    }

    /// Removes `subscriber` in constant time (the last entry takes its slot); returns its entry
    /// if it was here.
    @inlinable
    func remove(_ subscriber: Subscriber<State, Value>) -> Entry? {
        let slot = subscriber.slot
        guard entries.indices.contains(slot), entries[slot].subscriber === subscriber else { return nil }
        let removed = entries[slot]
        let last = entries.removeLast()
        if slot < entries.count {
            entries[slot] = last
            last.subscriber.slot = slot
        }
        return removed
    }
}
