import Hummingbird
import Persons
import PersonsShow
import PureLive

/// The directory's routes: its live page, and the sync of its people its button starts.
enum DirectoryScreen {
    struct SyncForm: Decodable { let back: String? }

    static func register(on router: Router<WebContext>, service: any Serving, live: LiveEngine) {
        live.page(SitePath.directory, on: router) { _ in
            LiveParts(store: service.appState, page: DirectoryParts())
        }
        router.post(RouterPath(SitePath.sync)) { request, context in
            let form = try await WebForm.decode(SyncForm.self, from: request, context: context)
            let requestSync = service.requestSyncAction
            requestSync(defaultSyncCount)
            return FormResponse.done(request, back: form.back ?? SitePath.directory)
        }
    }
}
