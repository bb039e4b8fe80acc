/// A ``Stored`` is an async sequence of its values: the current one first, then each change.
///
/// A consumer slower than the changes gets the newest value when it asks again, never a
/// backlog. The subscription ends when the iteration ends, its task is cancelled, or the
/// iterator is released.
///
/// ```swift
/// for await signal in appState.stored(\.sys.last) {
///     if signal == .failure { showRetry() }
/// }
/// ```
extension Stored: AsyncSequence {
    /// The selected value.
    public typealias Element = Value
    /// Iterating a selection never fails.
    public typealias Failure = Never

    /// Subscribes and returns an iterator that starts with the current value.
    ///
    /// ```swift
    /// var values = appState.stored(\.sys.last).makeAsyncIterator()
    /// let now = await values.next()
    /// ```
    public func makeAsyncIterator() -> AsyncIterator {
        let (values, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(1))
        let subscription = subscribe { continuation.yield($0) }
        continuation.onTermination = { [weak subscription] _ in subscription?.cancel() }
        return AsyncIterator(values: values.makeAsyncIterator(), subscription: subscription)
    }

    /// Iterates a ``Stored``; releasing it ends the subscription.
    ///
    /// ```swift
    /// var iterator = isRegion.makeAsyncIterator()
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var values: AsyncStream<Value>.Iterator
        private let subscription: StoreSubscription

        init(values: AsyncStream<Value>.Iterator, subscription: StoreSubscription) {
            self.values = values
            self.subscription = subscription
        }

        /// The next value: at once if one is waiting, otherwise at the next change; `nil`
        /// once the task is cancelled.
        ///
        /// ```swift
        /// while let signal = await iterator.next() { print(signal) }
        /// ```
        public mutating func next() async -> Value? {
            await values.next()
        }

        /// The next value, awaited on `actor`; `nil` once the task is cancelled.
        ///
        /// ```swift
        /// let signal = await iterator.next(isolation: #isolation)
        /// ```
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Value? {
            await values.next(isolation: actor)
        }
    }
}
