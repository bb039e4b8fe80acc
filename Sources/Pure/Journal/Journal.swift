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
    let book: Locked<Book>

    /// The kept entries and calls, and whoever listens for new entries.
    struct Book {
        var entries: Ring<JournalEntry<State>>
        var calls: Ring<JournalCall<State>>
        var listeners: [Int: AsyncStream<JournalEntry<State>>.Continuation] = [:]
        var lastListener = 0
    }

    /// A journal keeping the newest `capacity` entries (at least one).
    ///
    /// ```swift
    /// let journal = Journal<Roger>()   // the newest 1,000
    /// ```
    public init(capacity: Int = 1_000) {
        self.capacity = max(1, capacity)
        book = Locked(Book(entries: Ring(capacity: self.capacity), calls: Ring(capacity: self.capacity)))
    }

    /// The kept entries, oldest first.
    public var entries: [JournalEntry<State>] {
        book.withLock { $0.entries.ordered }
    }

    /// The kept entry with this sequence number, if it has not left the journal.
    ///
    /// ```swift
    /// if let entry = journal.entry(12) { print(entry.difference) }
    /// ```
    public func entry(_ sequence: Int) -> JournalEntry<State>? {
        book.withLock { $0.entries[sequence] }
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
        let call = CallContext.sequence
        book.withLock { book in
            let entry = book.entries.append { sequence in
                JournalEntry(
                    sequence: sequence, origin: origin, call: call, time: time, duration: duration, before: before,
                    after: after, selectionsChanged: selectionsChanged, subscribersTold: subscribersTold)
            }
            for listener in book.listeners.values {
                listener.yield(entry)
            }
        }
    }
}
