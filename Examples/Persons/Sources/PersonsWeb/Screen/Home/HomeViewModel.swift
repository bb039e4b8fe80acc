import Persons
import PersonsShow
import Pure

/// The home screen's view model: takes what it needs from the service and drops it, renders
/// the page from the state, and re-renders the parts that change while the page is open.
final class HomeViewModel: Sendable {
    private let appState: AppState
    private let applySearch: ApplySearchUsecase
    private let showPage: ShowPageUsecase
    private let requestSync: RequestSyncUsecase
    private let renderer: HomeRenderer

    init(_ service: any Serving, renderer: HomeRenderer) {
        appState = service.appState
        applySearch = service.applySearchAction
        showPage = service.showPageAction
        requestSync = service.requestSyncAction
        self.renderer = renderer
    }

    // MARK: - Rendering

    /// The whole page, from the current state.
    func page() -> String {
        renderer.page(appState.value)
    }

    // MARK: - Actions

    /// Lists the names starting with `text`; returns once the list is read.
    func search(_ text: String) async {
        await applySearch(text)
    }

    /// Shows page `page` (from 0); returns once it is read.
    func show(page: Int) async {
        await showPage(page)
    }

    /// Asks for a sync of the default number of people; its progress and outcome arrive in the
    /// state.
    func startSync() {
        requestSync(defaultSyncCount)
    }
}

// MARK: - Live parts

extension HomeViewModel: LiveScreen {
    /// Watches the four selections of the state the home page shows: the switches, the list,
    /// the sync state and the route (the person last opened is marked in the list). One
    /// watcher serves every open home page (see ``LiveHub``).
    func watchChanges(_ send: @escaping @Sendable (HomeChange) -> Void) async {
        let appState = appState
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in appState.stored(\.field) { send(.field) }
            }
            group.addTask {
                for await _ in appState.stored(\.query) { send(.query) }
            }
            group.addTask {
                for await _ in appState.stored(\.sys) { send(.sys) }
            }
            group.addTask {
                for await _ in appState.stored(\.route) { send(.route) }
            }
        }
    }

    /// The parts a change calls for, from the state as it is now.
    func fragments(for change: HomeChange) -> [Fragment] {
        renderer.fragments(for: change, of: appState.value)
    }

    /// The switches, the sync state, the search box and the list, as they are now.
    func allFragments() -> [Fragment] {
        renderer.allFragments(of: appState.value)
    }
}

/// Which part of the state changed, for the home page.
enum HomeChange: Sendable {
    case field
    case query
    case sys
    case route
}
