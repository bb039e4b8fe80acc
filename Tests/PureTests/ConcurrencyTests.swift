import Pure
import Synchronization
import Testing

@Suite("Concurrency guarantees")
struct ConcurrencyTests {
    @Test("8 tasks x 125,000 concurrent updates give the exact final state")
    func concurrentUpdatesAreAtomic() async {
        let storage = MutableStore(AppModel())
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<125_000 {
                        storage.update { $0.sys.count += 1 }
                    }
                }
            }
        }
        #expect(storage.value.sys.count == 1_000_000)
    }

    @Test("subscribers run after the lock is released: a callback can read the store")
    func callbacksRunOutsideTheLock() {
        let storage = MutableStore(AppModel())
        let seen = Collected<Int>()
        let finished = finishes {
            let token = storage.store.stored(\.sys.count).subscribe { _ in
                seen.append(storage.value.sys.count)
            }
            storage.update { $0.sys.count = 1 }
            token.cancel()
        }
        #expect(finished, "reading the store from a callback deadlocked")
        #expect(seen.all == [0, 1])
    }

    @Test("a subscriber may call update without deadlock, and hears its own change next")
    func callbackMayUpdate() {
        let storage = MutableStore(AppModel())
        let seen = Collected<Int>()
        let finished = finishes {
            let token = storage.store.stored(\.sys.count).subscribe { value in
                seen.append(value)
                if (1..<5).contains(value) {
                    storage.update { $0.sys.count += 1 }
                }
            }
            storage.update { $0.sys.count = 1 }
            token.cancel()
        }
        #expect(finished, "updating the store from a callback deadlocked")
        #expect(seen.all == [0, 1, 2, 3, 4, 5])
        #expect(storage.value.sys.count == 5)
    }

    @Test("each subscriber sees values in state order under concurrent updates")
    func deliveriesFollowStateOrder() async {
        let storage = MutableStore(AppModel())
        let observers = (0..<4).map { _ in Collected<Int>() }
        let tokens = observers.enumerated().map { index, seen in
            index.isMultiple(of: 2)
                ? storage.store.stored(\.sys.count).subscribe { seen.append($0) }
                : storage.store.stored { $0.sys.count }.subscribe { seen.append($0) }
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<5_000 {
                        storage.update { $0.sys.count += 1 }
                    }
                }
            }
        }
        for seen in observers {
            let values = seen.all
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 }, "a value arrived after a newer one")
            #expect(values.last == 40_000)
        }
        tokens.forEach { $0.cancel() }
    }

    @Test("subscribing and cancelling while others update keeps the registry consistent")
    func subscribeAndCancelDuringUpdates() async {
        let storage = MutableStore(AppModel())
        let store = storage.store
        let stop = SharedInt()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                // Yields after each update: a loop that never did held one of the pool's threads
                // until a worker finished, and under ThreadSanitizer, beside the other tests of the
                // suite, that took the whole run minutes (124 s for this suite, 1 s for each test alone).
                while stop.value == 0 {
                    storage.update { $0.sys.count += 1 }
                    await Task.yield()
                }
            }
            for worker in 0..<4 {
                group.addTask {
                    for round in 0..<2_000 {
                        let token =
                            round.isMultiple(of: 2)
                            ? store.stored(\.sys.count).subscribe { _ in }
                            : store.stored { $0.sys.count + worker }.subscribe { _ in }
                        token.cancel()
                    }
                }
            }
            await group.next()
            stop.value = 1
        }
        #expect(store.subscriptionCount == 0)
        #expect(store.selectionCount == 0)
    }

    @Test("after cancel returns, updates that follow never reach the callback, across threads")
    func cancelIsFinalAcrossThreads() async {
        let storage = MutableStore(AppModel())
        let late = SharedInt()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<500 {
                        // Values at or above `firstAfterCancel` come from updates made after
                        // cancel() returned; deliveries queued earlier carry smaller ones.
                        let firstAfterCancel = SharedInt(.max)
                        let token = storage.store.stored(\.sys.count).subscribe { value in
                            if value >= firstAfterCancel.value {
                                late.increment()
                            }
                        }
                        token.cancel()
                        storage.update { state in
                            state.sys.count += 1
                            firstAfterCancel.value = state.sys.count
                        }
                    }
                }
            }
        }
        #expect(late.value == 0)
        #expect(storage.store.subscriptionCount == 0)
    }
}
