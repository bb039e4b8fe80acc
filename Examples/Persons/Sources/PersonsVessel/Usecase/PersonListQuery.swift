import Logging
import Persons
import Pure
import Synchronization

/// Query: keeps `query` in the state in step with the database, one way. It is the only
/// place the list is read: whenever the criteria (search, region, page, the region switch)
/// change in the state, whenever the stored people change (``peopleChanged()``), and the first
/// time someone waits for the list (``caughtUp()``), it reads the page the state asks for and
/// puts it in the state. A command that never looks at the list (`pure sync`) reads none.
///
/// It lives as long as its vessel: an action only changes the criteria, and every reader of
/// the state (a screen, `pure list`) sees the list follow. An action that promises the list on
/// return waits for it with ``caughtUp()``.
///
/// ```swift
/// storage.update { $0.query.criteria.page = 2 }
/// await personListQuery.caughtUp()   // the state lists page 2 (or says why it cannot)
/// ```
final class PersonListQuery: Sendable {
    private let appState: AppState
    /// Something to read: the newest one waiting is enough.
    private let triggers: AsyncStream<Void>.Continuation
    private let signals: Signals
    private let criteria: StoreSubscription
    private let reading: Task<Void, Never>

    init(storage: MutableStore<Roger>, db: any PersonDBWork, logger: Logger) {
        let (stream, triggers) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        appState = storage.store
        self.triggers = triggers
        let signals = Signals()
        self.signals = signals
        // The first call is the criteria as they are: nobody has asked for the list yet.
        criteria = storage.store.stored(\.pageRequest).subscribe { _ in
            if signals.criteriaSeen.exchange(true, ordering: .relaxed) { triggers.yield() }
        }
        reading = Task {
            for await _ in stream {
                let again = signals.peopleChanged.exchange(false, ordering: .acquiringAndReleasing)
                await Self.read(into: storage, from: db, again: again, logger: logger)
            }
        }
    }

    deinit {
        criteria.cancel()
        triggers.finish()
        reading.cancel()
    }

    /// Reads the page again: the stored people changed.
    func peopleChanged() {
        signals.peopleChanged.store(true, ordering: .releasing)
        triggers.yield()
    }

    /// Returns once the state lists the page its criteria ask for, or says why it cannot;
    /// reads it if nothing else would.
    func caughtUp() async {
        triggers.yield()
        for await isCaughtUp in appState.stored({ $0.query.listed == $0.pageRequest }) where isCaughtUp {
            return
        }
    }

    /// Reads the page the state asks for and puts it in the state, unless the criteria moved
    /// on meanwhile (their trigger reads again). A failed read keeps the rows and says why.
    /// Unless `again`, a page already read for these criteria is not read twice.
    private static func read(
        into storage: MutableStore<Roger>, from db: any PersonDBWork, again: Bool, logger: Logger
    ) async {
        let state = storage.value
        let request = state.pageRequest
        guard again || state.query.listed != request else { return }
        do {
            let page = try await db.readMetas(request)
            storage.update { state in
                guard state.pageRequest == request else { return }
                state.query.result = page
                state.query.listed = request
                state.query.message = nil
            }
        } catch {
            logger.error("list query for \(request): \(error.message)")
            storage.update { state in
                guard state.pageRequest == request else { return }
                state.query.listed = request
                state.query.message = error.message
            }
        }
    }
}

/// What the list query's reading task and its callers share.
private final class Signals: Sendable {
    /// Whether the stored people changed since the last read began: then the page is read even
    /// if it was read for these criteria. Kept apart from the triggers, so that a trigger
    /// waiting after it cannot drop it.
    let peopleChanged = Atomic(false)
    /// Whether the criteria were heard once: the first time is when the query starts.
    let criteriaSeen = Atomic(false)
}
