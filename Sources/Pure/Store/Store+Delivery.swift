// MARK: - Changing the state and delivering what changed

extension Store {
    /// Applies `body` under the lock, records it in `journal` if it changed the state, then
    /// delivers whatever it queued, outside the lock. A throwing `body` leaves the state as it
    /// was.
    @inlinable
    func apply<Failure: Error>(
        _ body: (inout State) throws(Failure) -> Void,
        journal: Journal<State>?,
        origin: @autoclosure () -> JournalEntry<State>.Origin
    ) throws(Failure) -> Bool {
        let outcome = try registry.withLock { (registry) throws(Failure) in
            let started = journal == nil ? nil : (ContinuousClock.now, wallClockSeconds())
            let previous = registry.state
            do throws(Failure) {
                try body(&registry.state)
            } catch {
                registry.state = previous
                throw error
            }
            let outcome = registry.commit(from: previous)
            if let journal, let started, outcome.changed {
                journal.record(
                    origin(), time: started.1, duration: started.0.duration(to: .now), before: previous,
                    after: registry.state, selectionsChanged: outcome.selectionsChanged,
                    subscribersTold: outcome.subscribersTold)
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
