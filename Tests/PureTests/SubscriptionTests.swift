import Pure
import Testing

@Suite("StoreSubscription lifetime")
struct SubscriptionTests {
    @Test("after cancel no callback arrives and nothing is retained")
    func cancelStopsAndReleases() {
        let storage = MutableStore(AppModel())
        let seen = Collected<Int>()
        weak var released: Marker?
        let token: StoreSubscription
        do {
            let marker = Marker()
            released = marker
            token = storage.store.stored(\.sys.count).subscribe { value in
                _ = marker
                seen.append(value)
            }
        }
        #expect(released != nil)
        token.cancel()
        storage.update { $0.sys.count = 1 }
        #expect(seen.all == [0])
        #expect(storage.store.subscriptionCount == 0)
        #expect(storage.store.selectionCount == 0)
        #expect(released == nil, "the callback and what it captured must be released")
    }

    @Test("releasing the token cancels")
    func releasingTokenCancels() {
        let storage = MutableStore(AppModel())
        let seen = Collected<Int>()
        var token: StoreSubscription? = storage.store.stored(\.sys.count).subscribe { seen.append($0) }
        #expect(storage.store.subscriptionCount == 1)
        _ = token
        token = nil
        storage.update { $0.sys.count = 1 }
        #expect(seen.all == [0])
        #expect(storage.store.subscriptionCount == 0)
    }

    @Test("cancel is idempotent and leaves other subscribers alone")
    func cancelIsIdempotent() {
        let storage = MutableStore(AppModel())
        let kept = Collected<Int>()
        let keep = storage.store.stored(\.sys.count).subscribe { kept.append($0) }
        let drop = storage.store.stored(\.sys.count).subscribe { _ in }
        drop.cancel()
        drop.cancel()
        storage.update { $0.sys.count = 2 }
        #expect(kept.all == [0, 2])
        #expect(storage.store.subscriptionCount == 1)
        keep.cancel()
    }

    @Test("a callback may cancel its own subscription")
    func cancelFromInsideCallback() {
        let storage = MutableStore(AppModel())
        let seen = Collected<Int>()
        let holder = TokenHolder()
        holder.token = storage.store.stored(\.sys.count).subscribe { value in
            seen.append(value)
            if value == 1 { holder.token?.cancel() }
        }
        storage.update { $0.sys.count = 1 }
        storage.update { $0.sys.count = 2 }
        #expect(seen.all == [0, 1])
        #expect(storage.store.subscriptionCount == 0)
    }

    @Test("a delivery queued before cancel does not reach the callback")
    func queuedDeliveryIsDropped() {
        let storage = MutableStore(AppModel())
        let seen = Collected<Int>()
        let holder = TokenHolder()
        // The first subscriber's callback runs first for count 1, cancels the second one, whose
        // delivery for the same update is already queued.
        let first = storage.store.stored { $0.sys.count }.subscribe { value in
            if value == 1 { holder.token?.cancel() }
        }
        holder.token = storage.store.stored { $0.sys.count * 10 }.subscribe { seen.append($0) }
        storage.update { $0.sys.count = 1 }
        #expect(seen.all == [0])
        first.cancel()
    }
}

/// Lets a callback reach a token made after the callback.
private final class TokenHolder: Sendable {
    private let slot = Locked<StoreSubscription?>(nil)

    var token: StoreSubscription? {
        get { slot.withLock { $0 } }
        set { slot.withLock { $0 = newValue } }
    }
}

@Suite("Releases happen outside the lock")
struct ReleaseOutsideLockTests {
    /// Cancels `token` when released, as a view model's deinit releasing its tokens would.
    final class CancelsOnRelease: Sendable {
        let token: StoreSubscription
        init(_ token: StoreSubscription) { self.token = token }
        deinit { token.cancel() }
    }

    @Test("a callback whose captured object cancels another subscription on release does not deadlock")
    func releasingCallbackMayCancel() {
        let storage = MutableStore(AppModel())
        let finished = finishes {
            let other = storage.store.stored { $0.sys.count }.subscribe { _ in }
            var owner: CancelsOnRelease? = CancelsOnRelease(other)
            let token = storage.store.stored { $0.field.isRegion }.subscribe { [owner] _ in _ = owner }
            owner = nil
            token.cancel()
        }
        #expect(finished, "releasing a callback under the store's lock deadlocked")
        #expect(storage.store.subscriptionCount == 0)
        #expect(storage.store.selectionCount == 0)
    }
}
