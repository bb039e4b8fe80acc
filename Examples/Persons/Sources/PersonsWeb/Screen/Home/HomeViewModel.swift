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

    /// Lists the people `text` finds; returns once the list is read.
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
