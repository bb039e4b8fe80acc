/// One store with `count` subscribers, as the scenarios need it.
@MainActor struct Scenario<Store: Contestant> {
    let store = Store()
    let counter = CallCounter()
    private(set) var tokens: [AnyObject] = []

    init(subscribers count: Int, kind: SelectorKind) {
        tokens.reserveCapacity(count)
        for index in 0..<count {
            tokens.append(store.subscribe(to: BenchField.watched(by: index), by: kind, counter: counter))
        }
    }

    /// ns per update, each update changing one field, cycling through all of them.
    func updateCost() -> Double {
        nanosecondsPerCall { step in
            store.update(step % BenchField.all.count, step: step)
        }
    }

    /// Subscriber calls per update over 250 updates: the same for both stores, or one skips work.
    func callsPerUpdate() -> Double {
        let updates = 250
        let before = counter.value
        for step in 0..<updates {
            store.update(step % BenchField.all.count, step: step)
        }
        return Double(counter.value - before) / Double(updates)
    }

    /// ns to subscribe one more subscriber (first value included) and cancel it.
    func subscribeAndCancelCost(kind: SelectorKind) -> Double {
        let spare = CallCounter()
        return nanosecondsPerCall(minimum: 1_000) { step in
            let token = store.subscribe(to: BenchField.watched(by: step), by: kind, counter: spare)
            withExtendedLifetime(token) {}
        }
    }

    /// Bytes that stay allocated per update over `count` more updates: what a journal keeps
    /// per entry while it fills, and nothing once it is full.
    func bytesKeptPerUpdate(over count: Int) -> Double? {
        guard let before = allocatedBytes() else { return nil }
        for step in 0..<count { store.update(step % BenchField.all.count, step: step) }
        guard let after = allocatedBytes() else { return nil }
        return Double(after - before) / Double(count)
    }

    /// Bytes held per subscription, measured over `count` extra live subscriptions.
    func bytesPerSubscription(kind: SelectorKind, count: Int = 10_000) -> Double? {
        var extra: [AnyObject] = []
        extra.reserveCapacity(count)
        let spare = CallCounter()
        guard let before = allocatedBytes() else { return nil }
        for index in 0..<count {
            extra.append(store.subscribe(to: BenchField.watched(by: index), by: kind, counter: spare))
        }
        guard let after = allocatedBytes() else { return nil }
        withExtendedLifetime(extra) {}
        return Double(after - before) / Double(count)
    }
}
