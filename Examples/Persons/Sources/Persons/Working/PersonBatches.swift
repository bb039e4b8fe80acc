/// People arriving in batches as they are downloaded and decoded, so that storing them can
/// start before the last one is read. Fails only with a ``Fizzle``.
///
/// ```swift
/// let batches = web.downloadPersons(count: 100_000)
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
