/// People arriving in batches as they are downloaded and decoded, so that storing them can
/// start before the last one is read. Fails only with a ``Fizzle``.
///
/// ```swift
/// let batches = web.downloadPersons(count: 100_000)
/// let stored = try await db.savePersons(batches, expected: 100_000) { _ in }
/// ```
public struct PersonBatches: AsyncSequence, Sendable {
    /// A batch of people.
    public typealias Element = [Person]
    /// Why the batches stopped early.
    public typealias Failure = Fizzle

    private let stream: AsyncStream<Result<[Person], Fizzle>>

    /// Batches from a stream that ends after a failure or after the last batch.
    ///
    /// ```swift
    /// let (stream, continuation) = AsyncStream.makeStream(of: Result<[Person], Fizzle>.self)
    /// let batches = PersonBatches(stream)
    /// ```
    public init(_ stream: AsyncStream<Result<[Person], Fizzle>>) {
        self.stream = stream
    }

    /// People that are all here already, as one batch.
    ///
    /// ```swift
    /// try await db.savePersons(PersonBatches(people), expected: people.count) { _ in }
    /// ```
    public init(_ people: [Person]) {
        let (stream, continuation) = AsyncStream.makeStream(of: Result<[Person], Fizzle>.self)
        continuation.yield(.success(people))
        continuation.finish()
        self.stream = stream
    }

    /// Starts iterating.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator())
    }

    /// Every batch until the end, in one array.
    ///
    /// ```swift
    /// let people = try await batches.collected()
    /// ```
    public func collected() async throws(Fizzle) -> [Person] {
        var people: [Person] = []
        var iterator = makeAsyncIterator()
        while let batch = try await iterator.next() {
            people += batch
        }
        return people
    }

    /// Iterates ``PersonBatches``.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncStream<Result<[Person], Fizzle>>.Iterator

        /// The next batch, `nil` at the end, or the failure that ended the download.
        public mutating func next() async throws(Fizzle) -> [Person]? {
            try await base.next()?.get()
        }

        /// The next batch, awaited on `actor`.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Fizzle) -> [Person]? {
            try await base.next(isolation: actor)?.get()
        }
    }
}
