import Pure
import Testing

@Suite("Stored selections")
struct StoredTests {
    @Test("a key-path selection emits its current value, then only real changes")
    func keyPathSelectionDeduplicates() {
        let storage = MutableStore(AppModel())
        let seen = Collected<Bool>()
        let token = storage.store.stored(\.field.isRegion).subscribe { seen.append($0) }
        storage.update { $0.sys.count += 1 }
        storage.update { $0.field.isRegion = false }
        storage.update { $0.field.isUsername = false }
        storage.update { $0.field.isRegion = true }
        #expect(seen.all == [true, false, true])
        #expect(storage.store.stored(\.field.isRegion).value == true)
        token.cancel()
    }

    @Test("a closure selection emits only when the derived value changes")
    func closureSelectionDeduplicates() {
        let storage = MutableStore(AppModel())
        let seen = Collected<Bool>()
        let isEven = storage.store.stored { $0.sys.count % 2 == 0 }
        let token = isEven.subscribe { seen.append($0) }
        for _ in 0..<4 {
            storage.update { $0.sys.count += 2 }
        }
        storage.update { $0.sys.count += 1 }
        #expect(seen.all == [true, false])
        #expect(isEven.value == false)
        token.cancel()
    }

    @Test("selections of the same key path share one comparison; closures each have their own")
    func keyPathSelectionsAreShared() {
        let storage = MutableStore(AppModel())
        let store = storage.store
        let tokens = (0..<50).map { _ in store.stored(\.field.isRegion).subscribe { _ in } }
        #expect(store.selectionCount == 1)
        let derived = (0..<3).map { _ in store.stored { $0.field.isRegion }.subscribe { _ in } }
        #expect(store.selectionCount == 4)
        let sameClosure = store.stored { $0.sys.count }
        let twice = [sameClosure.subscribe { _ in }, sameClosure.subscribe { _ in }]
        #expect(store.selectionCount == 5)
        #expect(store.subscriptionCount == 55)
        (tokens + derived + twice).forEach { $0.cancel() }
        #expect(store.selectionCount == 0)
        #expect(store.subscriptionCount == 0)
    }

    @Test("every subscriber of a shared selection hears each change")
    func sharedSelectionReachesAll() {
        let storage = MutableStore(AppModel())
        let seen = (0..<10).map { _ in Collected<Int>() }
        let tokens = seen.map { box in storage.store.stored(\.sys.count).subscribe { box.append($0) } }
        storage.update { $0.sys.count = 7 }
        for box in seen {
            #expect(box.all == [0, 7])
        }
        tokens.forEach { $0.cancel() }
    }

    @Test("a late subscriber starts from the current value")
    func lateSubscriberStartsAtCurrentValue() {
        let storage = MutableStore(AppModel())
        let early = storage.store.stored(\.sys.count).subscribe { _ in }
        storage.update { $0.sys.count = 5 }
        let seen = Collected<Int>()
        let late = storage.store.stored(\.sys.count).subscribe { seen.append($0) }
        storage.update { $0.sys.count = 6 }
        #expect(seen.all == [5, 6])
        early.cancel()
        late.cancel()
    }
}
