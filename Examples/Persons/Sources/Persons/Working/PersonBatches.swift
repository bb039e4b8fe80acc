/// People arriving in batches as they are downloaded and decoded, so that storing them can
/// start before the last one is read. Fails only with a ``Fizzle``.
///
/// ```swift
/// let batches = web.downloadPage(1, of: plan) { _ in }
/// let report = try await db.savePersons(batches, expected: 100_000) { _ in }
/// ```
public struct PersonBatches: AsyncSequence, Sendable {
    /// A batch of people, and the records of it that were left out.
    public typealias Element = PersonBatch
    /// Why the batches stopped early.
    public typealias Failure = Fizzle

    private let stream: AsyncStream<Result<PersonBatch, Fizzle>>

    /// Batches from a stream that ends after a failure or after the last batch.
    ///
    /// ```swift
    /// let (stream, continuation) = AsyncStream.makeStream(of: Result<PersonBatch, Fizzle>.self)
    /// let batches = PersonBatches(stream)
    /// ```
    public init(_ stream: AsyncStream<Result<PersonBatch, Fizzle>>) {
        self.stream = stream
    }

    /// People that are all here already, as one batch.
    ///
    /// ```swift
    /// try await db.savePersons(PersonBatches(people), expected: people.count) { _ in }
    /// ```
    public init(_ people: [Person]) {
        let (stream, continuation) = AsyncStream.makeStream(of: Result<PersonBatch, Fizzle>.self)
        continuation.yield(.success(PersonBatch(people: people)))
        continuation.finish()
        self.stream = stream
    }

    /// The same batches, calling `arrived` once the first batch comes (its download has
    /// arrived); never, if they fail or end first.
    ///
    /// ```swift
    /// let batches = web.downloadPage(1, of: plan) { _ in }.onFirst { startNextPage() }
    /// ```
    public func onFirst(_ arrived: @escaping @Sendable () -> Void) -> PersonBatches {
        let (stream, continuation) = AsyncStream.makeStream(of: Result<PersonBatch, Fizzle>.self)
        let forwarding = Task {
            var isFirst = true
            for await result in self.stream {
                if isFirst, case .success = result {
                    isFirst = false
                    arrived()
                }
                continuation.yield(result)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in forwarding.cancel() }
        return PersonBatches(stream)
    }

    /// Starts iterating.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator())
    }

    /// Every person until the end, in one array.
    ///
    /// ```swift
    /// let people = try await batches.collected()
    /// ```
    public func collected() async throws(Fizzle) -> [Person] {
        var people: [Person] = []
        var iterator = makeAsyncIterator()
        while let batch = try await iterator.next() {
            people += batch.people
        }
        return people
    }

    /// Iterates ``PersonBatches``.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncStream<Result<PersonBatch, Fizzle>>.Iterator

        /// The next batch, `nil` at the end, or the failure that ended the download.
        public mutating func next() async throws(Fizzle) -> PersonBatch? {
            try await base.next()?.get()
        }

        /// The next batch, awaited on `actor`.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Fizzle) -> PersonBatch? {
            try await base.next(isolation: actor)?.get()
        }
    }
}
