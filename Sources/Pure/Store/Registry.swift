/// Work queued under the store's lock and run after it is released.
@usableFromInline typealias Delivery = @Sendable () -> Void

/// Everything a ``Store`` guards with its lock: the state, the distinct selections watched,
/// and the deliveries waiting to run.
@usableFromInline
struct Registry<State: Equatable & Sendable> {
    @usableFromInline var state: State
    @usableFromInline var subscriptionCount = 0
    /// The selections compared on each update: those with subscribers.
    @usableFromInline var nodes: ContiguousArray<NodeRecord> = []
    /// Every selection by key: watched ones and parked ones.
    @usableFromInline var nodesByKey: [SelectorKey: NodeBase] = [:]
    /// Key-path selections nobody watches any more, oldest first: not compared on updates, kept
    /// so that watching them again (a screen reopened, a row scrolled back) costs no set-up.
    @usableFromInline var parked: ContiguousArray<NodeBase> = []
    @usableFromInline var pending: ContiguousArray<Delivery> = []
    @usableFromInline var isDelivering = false

    /// A watched selection, with its refresh specialized for its value type.
    @usableFromInline
    struct NodeRecord {
        @usableFromInline let node: NodeBase
        /// Takes the state `inout` only to receive it by address (see `Node.refresh(reading:)`).
        @usableFromInline let refresh: (inout State) -> Delivery?

        @inlinable init(node: NodeBase, refresh: @escaping (inout State) -> Delivery?) {
            self.node = node
            self.refresh = refresh
        }
    }

    /// Whether an update changed the state, whether the caller must now deliver, and how many
    /// selections changed value and subscribers are to be told (for the journal).
    @usableFromInline
    struct Outcome {
        @usableFromInline var changed: Bool
        @usableFromInline var mustDeliver = false
        @usableFromInline var selectionsChanged = 0
        @usableFromInline var subscribersTold = 0

        @inlinable init(changed: Bool) {
            self.changed = changed
        }
    }

    /// How many unwatched selections a store keeps parked at most.
    @usableFromInline static var parkingLimit: Int { 64 }

    @usableFromInline init(state: State) {
        self.state = state
    }

    @usableFromInline var selectionCount: Int { nodes.count }

    // MARK: - Updates

    /// Runs `body` on the state and returns the state before it; if `body` throws, the state is
    /// put back and the error rethrown.
    @inlinable
    mutating func change<Failure: Error>(_ body: (inout State) throws(Failure) -> Void) throws(Failure) -> State {
        let previous = state
        do throws(Failure) {
            try body(&state)
        } catch {
            state = previous
            throw error
        }
        return previous
    }

    /// Settles an update that changed `state` from `previous`: compares each distinct
    /// selection once and queues a delivery for each one whose value changed.
    @inlinable
    mutating func commit(from previous: State) -> Outcome {
        var outcome = Outcome(changed: state != previous)
        guard outcome.changed else { return outcome }
        for record in nodes {
            if let delivery = record.refresh(&state) {
                pending.append(delivery)
                outcome.selectionsChanged += 1
                outcome.subscribersTold += record.node.subscriberCount
            }
        }
        outcome.mustDeliver = claimDelivery()
        return outcome
    }

    // MARK: - Subscriptions

    /// How a new subscriber gets its first value.
    @usableFromInline
    enum FirstValue<Value: Equatable & Sendable> {
        /// Nothing else is waiting: the caller now holds the draining role, delivers this at
        /// once, then drains what came in meanwhile.
        case deliverNow(Node<State, Value>.Entry, Value)
        /// Queued behind other deliveries, to keep state order; the caller drains if `mustDeliver`.
        case queued(mustDeliver: Bool)
    }

    /// Registers `callback` for `selector`, on the node of that selector (made on first use),
    /// and hands its first value out or queues it.
    @inlinable
    mutating func attach<Value: Equatable & Sendable>(
        _ selector: Selector<State, Value>,
        store: Store<State>,
        callback: @escaping @Sendable (Value) -> Void
    ) -> (Subscriber<State, Value>, FirstValue<Value>) {
        let key = selector.key
        let node: Node<State, Value>
        if let existing = nodesByKey[key] as? Node<State, Value> {
            node = existing
            if node.slot < 0 { unpark(node) }
        } else {
            node = Node(key: key, selector: selector, state: state)
            watch(node)
            nodesByKey[key] = node
        }
        let subscriber = Subscriber(store: store, node: node)
        let entry = node.add(subscriber, callback: callback)
        subscriptionCount += 1
        if !isDelivering, pending.isEmpty {
            isDelivering = true
            return (subscriber, .deliverNow(entry, node.last))
        }
        let value = node.last
        pending.append { entry.deliver(value) }
        return (subscriber, .queued(mustDeliver: claimDelivery()))
    }

    /// Removes `subscriber`; its node stops being compared once nobody watches it. Returns what
    /// was removed, for the caller to release once the lock is given back.
    @inlinable
    mutating func detach<Value: Equatable & Sendable>(
        _ subscriber: Subscriber<State, Value>
    ) -> (entry: Node<State, Value>.Entry?, node: NodeBase?) {
        let node = subscriber.node
        guard let entry = node.remove(subscriber) else { return (nil, nil) }
        subscriptionCount -= 1
        guard node.isEmpty else { return (entry, nil) }
        return (entry, retire(node))
    }

    // MARK: - Watched, parked and removed selections

    /// Adds `node` to the selections compared on each update.
    @inlinable
    mutating func watch<Value: Equatable & Sendable>(_ node: Node<State, Value>) {
        node.slot = nodes.count
        nodes.append(NodeRecord(node: node, refresh: { node.refresh(reading: &$0) }))
    }

    /// Watches a parked node again, first catching its value up with the state.
    @inlinable
    mutating func unpark<Value: Equatable & Sendable>(_ node: Node<State, Value>) {
        if let index = parked.firstIndex(where: { $0 === node }) {
            parked.remove(at: index)
        }
        node.last = node.selector.select(from: state)
        watch(node)
    }

    /// Stops comparing `node`: parks it if it is a key-path selection, removes it otherwise.
    /// Returns the node that left the registry (this one, or the oldest parked one), if any.
    @inlinable
    mutating func retire(_ node: NodeBase) -> NodeBase? {
        let slot = node.slot
        let last = nodes.removeLast()
        if slot < nodes.count {
            nodes[slot] = last
            last.node.slot = slot
        }
        node.slot = -1
        guard node.key.isKeyPath else {
            nodesByKey[node.key] = nil
            return node
        }
        parked.append(node)
        guard parked.count > Self.parkingLimit else { return nil }
        let evicted = parked.removeFirst()
        nodesByKey[evicted.key] = nil
        return evicted
    }

    // MARK: - Delivery

    /// Hands the draining role to the caller if there is work and nobody else drains.
    @inlinable
    mutating func claimDelivery() -> Bool {
        guard !isDelivering, !pending.isEmpty else { return false }
        isDelivering = true
        return true
    }

    /// Moves the queued deliveries into `batch` (an emptied buffer, reused), or, when nothing is
    /// queued, releases the draining role and returns `false`.
    @usableFromInline
    mutating func takePending(into batch: inout ContiguousArray<Delivery>) -> Bool {
        guard !pending.isEmpty else {
            isDelivering = false
            return false
        }
        swap(&pending, &batch)
        return true
    }
}
