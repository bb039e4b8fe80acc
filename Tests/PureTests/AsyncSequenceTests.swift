import Pure
import Testing

@Suite("Stored as an async sequence")
struct AsyncSequenceTests {
    @Test("iteration starts with the current value, then follows changes")
    func startsWithCurrentValue() async {
        let storage = MutableStore(AppModel())
        storage.update { $0.sys.count = 4 }
        var iterator = storage.store.stored(\.sys.count).makeAsyncIterator()
        #expect(await iterator.next() == 4)
        storage.update { $0.sys.count = 5 }
        #expect(await iterator.next() == 5)
    }

    @Test("a slow consumer gets the newest value, not a backlog")
    func slowConsumerGetsNewest() async {
        let storage = MutableStore(AppModel())
        var iterator = storage.store.stored(\.sys.count).makeAsyncIterator()
        #expect(await iterator.next() == 0)
        for _ in 0..<1_000 {
            storage.update { $0.sys.count += 1 }
        }
        #expect(await iterator.next() == 1_000)
        storage.update { $0.sys.count += 1 }
        #expect(await iterator.next() == 1_001)
    }

    @Test("cancelling the consuming task ends the iteration and the subscription")
    func taskCancellationEnds() async {
        let storage = MutableStore(AppModel())
        let store = storage.store
        let task = Task {
            var seen = 0
            for await _ in store.stored(\.sys.count) { seen += 1 }
            return seen
        }
        await waitFor { store.subscriptionCount == 1 }
        task.cancel()
        #expect(await task.value >= 1)
        await waitFor { store.subscriptionCount == 0 }
        #expect(store.subscriptionCount == 0)
    }

    @Test("releasing the iterator ends the subscription")
    func releasingIteratorEnds() async {
        let storage = MutableStore(AppModel())
        do {
            var iterator = storage.store.stored(\.sys.count).makeAsyncIterator()
            #expect(await iterator.next() == 0)
            #expect(storage.store.subscriptionCount == 1)
        }
        #expect(storage.store.subscriptionCount == 0)
    }
}

/// Polls `condition` on the caller's actor for up to five seconds.
func waitFor(isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool) async {
    for _ in 0..<5_000 where !condition() {
        try? await Task.sleep(for: .milliseconds(1))
    }
}
