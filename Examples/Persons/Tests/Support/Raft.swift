import Persons
import Pure
import Synchronization

/// A second `Serving`, with canned people in memory instead of workers: for screen tests and
/// previews. Its list is always in step with its criteria; syncs only count themselves.
public final class Raft: Serving {
    private let storage: MutableStore<Roger>
    private let people: [Person]
    private let syncs = Atomic(0)

    /// A service over `people`, listed from the first page, switches as given.
    public init(people: [Person] = Samples.people, switches: Switches = Switches()) {
        self.people = people
        var state = Roger(sys: Roger.Sys(sync: .success(nil)), field: switches)
        Self.list(people, &state)
        storage = MutableStore(state)
    }

    /// The state, read-only.
    public var appState: AppState { storage.store }

    /// How many syncs were asked for.
    public var syncCount: Int { syncs.load(ordering: .relaxed) }

    /// Changes the state as a use case would, for tests that need a state the raft cannot reach.
    public func update(_ change: (inout Roger) -> Void) {
        storage.update(change)
    }

    /// Sets the route; the canned person or not found.
    public var loadPersonAction: LoadPersonUsecase {
        { [storage, people] id throws(Fizzle) in
            storage.update { $0.route.uis = id }
            guard let person = people.first(where: { $0.id == id }) else { throw .notFound(id) }
            return person
        }
    }

    /// Sets the region switch.
    public var applyRegionAction: ApplyRegionUsecase {
        { [self] isOn throws(Fizzle) in change { $0.field.isRegion = isOn } }
    }

    /// Sets the username switch.
    public var applyUsernameAction: ApplyUsernameUsecase {
        { [self] isOn throws(Fizzle) in change { $0.field.isUsername = isOn } }
    }

    /// Counts the sync and signals success.
    public var syncPersonsAction: SyncPersonsUsecase {
        { [self] count throws(Fizzle) in
            syncs.add(1, ordering: .relaxed)
            storage.update { $0.sys.sync = .success(nil) }
            return SyncReport(inserted: 0, updated: min(count, people.count))
        }
    }

    /// Counts the sync, as ``syncPersonsAction`` does, before it returns.
    public var requestSyncAction: RequestSyncUsecase {
        { [self] count in
            syncs.add(1, ordering: .relaxed)
            storage.update { $0.sys.sync = .success(nil) }
        }
    }

    /// "LEGWING", or the walk and fly failures.
    public var moveHereAction: MoveHereUsecase {
        { isLeg, isWing throws(Fizzle) in
            guard isLeg else { throw .walkFail }
            guard isWing else { throw .notFly }
            return "LEGWING"
        }
    }

    /// Lists the people the text finds.
    public var applySearchAction: ApplySearchUsecase {
        { [self] text in
            change {
                $0.query.criteria.search = text
                $0.query.criteria.page = 0
            }
        }
    }

    /// Lists one region.
    public var filterRegionAction: FilterRegionUsecase {
        { [self] region in
            change {
                $0.query.criteria.region = region
                $0.query.criteria.page = 0
            }
        }
    }

    /// Shows a page.
    public var showPageAction: ShowPageUsecase {
        { [self] page in change { $0.query.criteria.page = max(0, page) } }
    }

    /// A small PNG for each canned person's photo.
    public var loadPhotoAction: LoadPhotoUsecase {
        { [people] name in
            people.contains { $0.photo.map(PhotoFile.name(for:)) == name } ? Samples.photo : nil
        }
    }

    /// Applies `change` and lists the page it asks for, in one update.
    private func change(_ change: (inout Roger) -> Void) {
        storage.update { state in
            change(&state)
            Self.list(people, &state)
        }
    }

    private static func list(_ people: [Person], _ state: inout Roger) {
        let page = Samples.page(of: people, state.pageRequest)
        state.query.result = page
        state.query.listed = state.pageRequest
    }
}
