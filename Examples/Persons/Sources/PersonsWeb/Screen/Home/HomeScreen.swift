import Hummingbird
import Persons
import PersonsShow
import PureLive

/// The home screen's routes: the live page of a list at its address (`/?q=ad&region=KR`), the
/// exchange with the address book its "Sync with the address book"
/// asks for, the check for changes there a page asks for when it comes back into view, the address book chosen among the account's, and the user's say on the deletions an exchange held back.
enum HomeScreen {
    struct SyncForm: Decodable { let back: String? }
    struct BookForm: Decodable {
        let address: String
        let back: String?
    }
    struct DeletionsForm: Decodable {
        let accept: String
        let back: String?
    }

    static func register(on router: Router<WebContext>, service: any Serving, live: LiveEngine) {
        // Every page of one address is one hub, and every address of the same criteria one
        // list: each change is read once per list and rendered once per address.
        live.page(SitePath.home, on: router) { request in
            let model = HomeViewModel(service)
            let list = await model.open(try ListAddress.criteria(query: request.uri.query))
            return LiveParts(store: service.appState, scene: list, of: \.lists, page: HomeParts())
        }
        router.post(RouterPath(SitePath.addressBookSync)) { request, context in
            let form = try await WebForm.decode(SyncForm.self, from: request, context: context)
            HomeViewModel(service).startAddressBookSync()
            return FormResponse.done(request, back: form.back ?? SitePath.home)
        }
        router.post(RouterPath(SitePath.addressBookCheck)) { request, _ in
            HomeViewModel(service).checkAddressBook()
            return FormResponse.done(request, back: SitePath.home)
        }
        router.post(RouterPath(SitePath.addressBookChoice)) { request, context in
            let form = try await WebForm.decode(BookForm.self, from: request, context: context)
            do throws(Fizzle) {
                try await HomeViewModel(service).chooseBook(form.address)
            } catch {
                // A form older than the state: the book was chosen meanwhile, or never offered.
                throw PageError(status: .conflict, title: "Not offered", message: error.message)
            }
            return FormResponse.done(request, back: form.back ?? SitePath.home)
        }
        router.post(RouterPath(SitePath.addressBookDeletions)) { request, context in
            let form = try await WebForm.decode(DeletionsForm.self, from: request, context: context)
            guard let accept = Bool(form.accept) else { throw PageError.badRequest }
            do throws(Fizzle) {
                try await HomeViewModel(service).settleDeletions(accept: accept)
            } catch {
                throw PageError(error)
            }
            return FormResponse.done(request, back: form.back ?? SitePath.home)
        }
    }
}
