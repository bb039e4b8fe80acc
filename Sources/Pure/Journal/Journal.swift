/// A record of the updates that changed a store's state: give one to a ``MutableStore`` to see
/// which use case changed what, as it happens, and to go back to any earlier state.
///
/// ```swift
/// let journal = Journal<Roger>(capacity: 1_000)
/// let storage = MutableStore(Roger(), journal: journal)
/// storage.update { $0.field.isRegion = false }     // in ApplyRegionAction.swift
///
/// if let last = journal.entries.last {
///     print(last.useCase, last.difference)   // ApplyRegionAction field.isRegion: true -> false
/// }
/// storage.restore(1)                         // back to the state entry #1 left
/// ```
///
/// A store without a journal pays nothing for it. With one, every update that changed the
/// state adds an entry (see ``JournalEntry``), in the order the updates applied; updates that
/// changed nothing add none. The journal keeps the newest ``capacity`` entries: the oldest
/// leave first.
public final class Journal<State: Sendable>: Sendable {
    /// How many entries are kept at most.
    public let capacity: Int
    private let book: Locked<Book>

    /// The kept entries and whoever listens for new ones.
    private struct Book {
        var entries: [JournalEntry<State>] = []
        /// Where the oldest entry is, once the ring is full.
        var oldest = 0
        var lastSequence = 0
        var listeners: [Int: AsyncStream<JournalEntry<State>>.Continuation] = [:]
        var lastListener = 0

        var ordered: [JournalEntry<State>] {
            Array(entries[oldest...] + entries[..<oldest])
        }
    }

    /// A journal keeping the newest `capacity` entries (at least one).
    ///
    /// ```swift
    /// let journal = Journal<Roger>()   // the newest 1,000
    /// ```
    public init(capacity: Int = 1_000) {
        self.capacity = max(1, capacity)
        book = Locked(Book())
    }

    /// The kept entries, oldest first.
    public var entries: [JournalEntry<State>] {
        book.withLock { $0.ordered }
    }

    /// The kept entry with this sequence number, if it has not left the journal.
    ///
    /// ```swift
    /// if let entry = journal.entry(12) { print(entry.difference) }
    /// ```
    public func entry(_ sequence: Int) -> JournalEntry<State>? {
        book.withLock { book in
            guard let first = book.entries.isEmpty ? nil : book.entries[book.oldest].sequence,
                sequence >= first, sequence <= book.lastSequence
            else { return nil }
            return book.entries[(book.oldest + sequence - first) % book.entries.count]
        }
    }

    /// The entries recorded from now on, as they are recorded. A listener that falls more than
    /// ``capacity`` entries behind loses the oldest of those it has not read, as the journal does.
    ///
    /// ```swift
    /// for await entry in journal.updates() {
    ///     print(entry.useCase, entry.difference)
    /// }
    /// ```
    public func updates() -> AsyncStream<JournalEntry<State>> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: JournalEntry<State>.self, bufferingPolicy: .bufferingNewest(capacity))
        let id = book.withLock { book in
            book.lastListener += 1
            book.listeners[book.lastListener] = continuation
            return book.lastListener
        }
        continuation.onTermination = { [weak self] _ in
            self?.book.withLock { _ = $0.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    /// Adds an entry for an update that changed `before` into `after`. Called by the store
    /// under its lock, so entries are numbered in the order the updates applied.
    @usableFromInline
    func record(
        _ origin: JournalEntry<State>.Origin, time: Double, duration: Duration,
        before: State, after: State, selectionsChanged: Int, subscribersTold: Int
    ) {
        book.withLock { book in
            book.lastSequence += 1
            let entry = JournalEntry(
                sequence: book.lastSequence, origin: origin, time: time, duration: duration, before: before,
                after: after, selectionsChanged: selectionsChanged, subscribersTold: subscribersTold)
            if book.entries.count < capacity {
                book.entries.append(entry)
            } else {
                book.entries[book.oldest] = entry
                book.oldest = (book.oldest + 1) % capacity
            }
            for listener in book.listeners.values {
                listener.yield(entry)
            }
        }
    }
}
