// MARK: - Changing the state and delivering what changed

extension Store {
    /// Applies `body` under the lock, then delivers whatever it queued, outside the lock.
    /// A throwing `body` leaves the state as it was.
    @inlinable
    func apply<Failure: Error>(_ body: (inout State) throws(Failure) -> Void) throws(Failure) -> Bool {
        let outcome = try registry.withLock { (registry) throws(Failure) in
            let previous = try registry.change(body)
            return registry.commit(from: previous)
        }
        if outcome.mustDeliver { deliverPending() }
        return outcome.changed
    }

    /// ``apply(_:)`` that also records the update in `journal` if it changed the state. A path
    /// of its own, so that a store without a journal pays nothing for it.
    @inlinable
    func apply<Failure: Error>(
        _ body: (inout State) throws(Failure) -> Void, recordingIn journal: Journal<State>,
        origin: JournalEntry<State>.Origin
    ) throws(Failure) -> Bool {
        let outcome = try registry.withLock { (registry) throws(Failure) in
            let started = ContinuousClock.now
            let time = wallClockSeconds()
            let previous = try registry.change(body)
            let outcome = registry.commit(from: previous)
            if outcome.changed {
                journal.record(
                    origin, time: time, duration: started.duration(to: .now), before: previous, after: registry.state,
                    selectionsChanged: outcome.selectionsChanged, subscribersTold: outcome.subscribersTold)
            }
            return outcome
        }
        if outcome.mustDeliver { deliverPending() }
        return outcome.changed
    }

    /// Registers `callback` for `selector`, queues the current value for it alone, and returns
    /// the token that ends it.
    @inlinable
    func subscribe<Value: Equatable & Sendable>(
        _ selector: Selector<State, Value>,
        _ callback: @escaping @Sendable (Value) -> Void
    ) -> StoreSubscription {
        let (subscriber, first) = registry.withLock { $0.attach(selector, store: self, callback: callback) }
        switch first {
        case .deliverNow(let entry, let value):
            entry.deliver(value)
            deliverPending()
        case .queued(let mustDeliver):
            if mustDeliver { deliverPending() }
        }
        return StoreSubscription { subscriber.cancel() }
    }

    /// Removes `subscriber`. What it held (its callback, and the selection if nobody else
    /// watches it) is released after the lock, so that deinitializers the release triggers
    /// may use the store.
    @inlinable
    func detach<Value: Equatable & Sendable>(_ subscriber: Subscriber<State, Value>) {
        let removed = registry.withLock { $0.detach(subscriber) }
        withExtendedLifetime(removed) {}
    }

    /// Runs queued deliveries in the order they were queued until none is left.
    ///
    /// Only one caller at a time drains (the registry hands the role out), so every subscriber
    /// sees values in state order, and a callback that updates the store just queues more work
    /// for this loop instead of re-entering it.
    @usableFromInline
    func deliverPending() {
        var batch = ContiguousArray<Delivery>()
        while registry.withLock({ $0.takePending(into: &batch) }) {
            for delivery in batch {
                delivery()
            }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
