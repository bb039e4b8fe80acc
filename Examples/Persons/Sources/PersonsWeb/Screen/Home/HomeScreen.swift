import Hummingbird
import Persons
import PersonsShow
import PureLive

/// The home screen's routes: the live page, and the forms that change what it lists.
enum HomeScreen {
    struct PageForm: Decodable { let position: String }

    static func register(on router: Router<WebContext>, service: any Serving, live: LiveEngine) {
        // Every home page shows the same state: one screen serves them all, so each part and the
        // page are rendered once per change.
        let home = LiveParts(store: service.appState, page: HomeParts())
        live.page(SitePath.home, on: router) { _ in home }
        router.post(RouterPath(SitePath.search)) { request, context in
            let form = try await WebForm.decode(SearchForm.self, from: request, context: context)
            let model = HomeViewModel(service)
            await model.search(form.q, filters: form.filters)
            return FormResponse.done(request, back: SitePath.home)
        }
        router.post(RouterPath(SitePath.page)) { request, context in
            let form = try await WebForm.decode(PageForm.self, from: request, context: context)
            guard let position = ListPosition(form.position) else { throw PageError.noSuchPosition }
            let model = HomeViewModel(service)
            await model.show(position)
            return FormResponse.done(request, back: SitePath.home)
        }
        router.post(RouterPath(SitePath.sync)) { request, _ in
            HomeViewModel(service).startSync()
            return FormResponse.done(request, back: SitePath.home)
        }
    }
}
