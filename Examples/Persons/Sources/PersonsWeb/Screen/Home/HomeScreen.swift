import Hummingbird
import Persons
import PersonsShow

/// The home screen's routes: the page, and the forms that change what it lists.
enum HomeScreen {
    struct SearchForm: Decodable { let q: String }
    struct PageForm: Decodable { let page: Int }

    static func register(on router: Router<WebContext>, service: any Serving, renderer: HomeRenderer) {
        router.get(RouterPath(SitePath.home)) { _, _ in
            HTMLResponse(html: HomeViewModel(service, renderer: renderer).page())
        }
        router.post(RouterPath(SitePath.search)) { request, context in
            let form = try await WebForm.decode(SearchForm.self, from: request, context: context)
            let model = HomeViewModel(service, renderer: renderer)
            await model.search(form.q)
            return FormResponse.done(request, back: SitePath.home)
        }
        router.post(RouterPath(SitePath.page)) { request, context in
            let form = try await WebForm.decode(PageForm.self, from: request, context: context)
            guard PageRequest.pageRange.contains(form.page) else { throw PageError.noSuchPage }
            let model = HomeViewModel(service, renderer: renderer)
            await model.show(page: form.page)
            return FormResponse.done(request, back: SitePath.home)
        }
        router.post(RouterPath(SitePath.sync)) { request, _ in
            HomeViewModel(service, renderer: renderer).startSync()
            return FormResponse.done(request, back: SitePath.home)
        }
    }
}
