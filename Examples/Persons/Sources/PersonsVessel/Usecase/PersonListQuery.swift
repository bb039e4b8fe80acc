import Logging
import Persons
import Pure
import Synchronization

/// Query: one open people list (a ``Persons/ListScene``), kept in step with the database one
/// way. It owns the list's store and is the only place that list is read: when it opens,
/// whenever the region switch changes in the app state, and whenever the stored people change
/// (``peopleChanged()``, which the Vessel calls on every open list once per change). The Vessel
/// keeps the open lists by their criteria (``OpenLists``), so every screen showing the same
/// criteria shares this one, and it stops when the last of them lets it go.
///
/// ```swift
/// let list = PersonListQuery(criteria: ListCriteria(search: "ad"), appState: appState, db: db, logger: logger)
/// await list.caughtUp()   // the list's state holds its page (or says why it cannot)
/// ```
final class PersonListQuery: ListScene {
    private let storage: MutableStore<ListState>
    private let appState: AppState
    /// Something to read, with the recorded call that asked (see `CallContext`), so the journal
    /// puts the read under that call: the newest one waiting is enough.
    private let triggers: AsyncStream<Int?>.Continuation
    private let peopleChangedSinceRead = Flag()
    private let regionSwitch: StoreSubscription
    private let reading: Task<Void, Never>

    /// The list's state, read-only.
    var state: Store<ListState> { storage.store }

    /// A list of `criteria`, its changes recorded in `journal` if given; it reads its first
    /// page at once.
    init(
        criteria: ListCriteria, appState: AppState, db: any PersonDBWork, journal: Journal<ListState>?,
        logger: Logger
    ) {
        let storage = MutableStore(ListState(criteria: criteria), journal: journal)
        let (stream, triggers) = AsyncStream.makeStream(of: Int?.self, bufferingPolicy: .bufferingNewest(1))
        self.storage = storage
        self.appState = appState
        self.triggers = triggers
        // Called at once with the switch as it is, which is the first read's trigger.
        regionSwitch = appState.stored(\.field.isRegion).subscribe { _ in triggers.yield(CallContext.sequence) }
        let peopleChanged = peopleChangedSinceRead
        reading = Task {
            for await call in stream {
                let again = peopleChanged.isSet.exchange(false, ordering: .acquiringAndReleasing)
                await CallContext.$sequence.withValue(call) {
                    await Self.read(
                        into: storage, isRegion: appState.value.field.isRegion, from: db, again: again, logger: logger)
                }
            }
        }
    }

    deinit {
        regionSwitch.cancel()
        triggers.finish()
        reading.cancel()
    }

    /// Reads the page again: the stored people changed.
    func peopleChanged() {
        peopleChangedSinceRead.isSet.store(true, ordering: .releasing)
        triggers.yield(CallContext.sequence)
    }

    /// Returns once the list holds the page its criteria and the region switch ask for, or says
    /// why it cannot.
    func caughtUp() async {
        let appState = appState
        for await isCaughtUp in storage.store.stored({ $0.listed?.isRegion == appState.value.field.isRegion })
        where isCaughtUp {
            return
        }
    }

    /// Reads the page for the list's criteria in the order `isRegion` asks for and puts it in the
    /// list's state. A failed read keeps the rows and says why. Unless `again`, a page already
    /// read for this order is not read twice.
    private static func read(
        into storage: MutableStore<ListState>, isRegion: Bool, from db: any PersonDBWork, again: Bool, logger: Logger
    ) async {
        let request = PageRequest(criteria: storage.value.criteria, isRegion: isRegion)
        guard again || storage.value.listed != request else { return }
        do {
            let page = try await db.readMetas(request)
            storage.update { state in
                state.result = page
                state.listed = request
                state.message = nil
            }
        } catch {
            logger.error("list query for \(request): \(error.message)")
            storage.update { state in
                state.listed = request
                state.message = error.message
            }
        }
    }
}

/// Whether the stored people changed since the last read began: then the page is read even if
/// it was read for this order. Kept apart from the triggers, so that a trigger waiting after it
/// cannot drop it.
private final class Flag: Sendable {
    let isSet = Atomic(false)
}
