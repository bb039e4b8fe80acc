import Persons

/// The home screen's view model: takes the actions it needs from the service and drops it.
/// What the page shows, and keeps live, is declared in ``HomeParts``.
final class HomeViewModel: Sendable {
    private let applySearch: ApplySearchUsecase
    private let showPage: ShowPageUsecase
    private let requestSync: RequestSyncUsecase

    init(_ service: any Serving) {
        applySearch = service.applySearchAction
        showPage = service.showPageAction
        requestSync = service.requestSyncAction
    }

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
