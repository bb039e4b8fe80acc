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

    /// Lists the people `text` finds under `filters`; returns once the list is read.
    func search(_ text: String, filters: [ListFilter: String]) async {
        await applySearch(text, filters)
    }

    /// Shows the page at `position`; returns once it is read.
    func show(_ position: ListPosition) async {
        await showPage(position)
    }

    /// Asks for a sync of the default number of people; its progress and outcome arrive in the
    /// state.
    func startSync() {
        requestSync(defaultSyncCount)
    }
}
