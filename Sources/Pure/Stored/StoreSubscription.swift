/// A live subscription to a ``Stored``: cancelled by ``cancel()`` or when the token is released.
///
/// Keep the token as long as you want values; a view model keeps its tokens in a property,
/// so they end with it:
///
/// ```swift
/// private var subscriptions: [StoreSubscription] = []
///
/// subscriptions.append(appState.stored(\.sys.last).subscribe { signal in
///     print("sync:", signal)
/// })
/// ```
public final class StoreSubscription: Sendable, Hashable {
    @usableFromInline let stop: @Sendable () -> Void

    /// A token that runs `stop` on cancel and on release; `stop` must be idempotent.
    @inlinable init(_ stop: @escaping @Sendable () -> Void) {
        self.stop = stop
    }

    /// Stops the subscription. Safe to call more than once, from any thread, and from inside
    /// its own callback.
    ///
    /// Once `cancel()` returns, no further value reaches the callback: neither from later
    /// updates nor from deliveries that were already queued. A callback already running on
    /// another thread finishes. The callback, and what it captured, is released as soon as no
    /// delivery in progress holds it.
    ///
    /// ```swift
    /// subscription.cancel()
    /// ```
    public func cancel() {
        stop()
    }

    deinit {
        stop()
    }

    /// Two tokens are equal when they are the same token.
    ///
    /// ```swift
    /// subscriptions.remove(token)   // in a Set<StoreSubscription>
    /// ```
    public static func == (lhs: StoreSubscription, rhs: StoreSubscription) -> Bool {
        lhs === rhs
    }

    /// Hashes the token's identity, so tokens can live in a `Set`.
    ///
    /// ```swift
    /// var subscriptions: Set<StoreSubscription> = []
    /// ```
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
