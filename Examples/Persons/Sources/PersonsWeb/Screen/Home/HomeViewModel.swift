import Persons
import PersonsShow
import Pure

/// The home screen's view model: takes what it needs from the service and drops it, renders
/// the page from the state, and re-renders the parts that change while the page is open.
final class HomeViewModel: Sendable {
    private let appState: AppState
    private let applySearch: ApplySearchUsecase
    private let showPage: ShowPageUsecase
    private let syncPersons: SyncPersonsUsecase
    private let renderer: HomeRenderer

    init(_ service: any Serving, renderer: HomeRenderer) {
        appState = service.appState
        applySearch = service.applySearchAction
        showPage = service.showPageAction
        syncPersons = service.syncPersonsAction
        self.renderer = renderer
    }

    // MARK: - Rendering

    /// The whole page, from the current state.
    func page() -> String {
        renderer.page(appState.value)
    }

    /// Sends the parts of the page, re-rendered whenever what they show changes: the switches, the
    /// sync state, the search text and the list. Watches three selections of the state, shared
    /// with every other open page. A change says which parts to re-render; their content comes
    /// from the state as it is then, the same for every open page, so one render serves all.
    func watch(_ output: LiveOutput) async {
        let (appState, renderer) = (appState, renderer)
        let (changes, change) = AsyncStream.makeStream(of: HomeChange.self)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in appState.stored(\.field) { change.yield(.field) }
            }
            group.addTask {
                for await _ in appState.stored(\.query) { change.yield(.query) }
            }
            group.addTask {
                for await _ in appState.stored(\.sys) { change.yield(.sys) }
            }
            group.addTask {
                for await next in changes {
                    for fragment in renderer.fragments(for: next, of: appState.value) { output.yield(fragment) }
                }
            }
        }
    }

    // MARK: - Actions

    /// Lists the names starting with `text`.
    func search(_ text: String) async {
        await applySearch(text)
    }

    /// Shows page `page` (from 0).
    func show(page: Int) async {
        await showPage(page)
    }

    /// Starts a sync of ``syncCount`` people; its progress and outcome arrive in the state.
    func startSync() {
        let syncPersons = syncPersons
        Task { _ = try? await syncPersons(Self.syncCount) }
    }

    /// How many people the sync button downloads.
    static let syncCount = 100

    /// Waits (at most `timeout`) until the list shows what the criteria ask for, so that a page
    /// loaded right after a change is up to date.
    func listed(timeout: Duration = .seconds(2)) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [appState] in
                for await state in appState.stored({ $0 }) where state.query.listed == state.pageRequest { return }
            }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
    }
}

/// Which part of the state changed, for the home page.
enum HomeChange: Sendable {
    case field
    case query
    case sys
}
