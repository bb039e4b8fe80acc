import Hummingbird
import Persons
import PersonsShow

/// The page of every person with a choice waiting between this app's value and the address
/// book's, as the app state holds them (``Persons/AddressBookStatus/choices``), each linking to
/// their page, where the choice is made.
enum ChoicesScreen {
    static func register(on router: Router<WebContext>, service: any Serving) {
        router.get(RouterPath(SitePath.addressBookChoices)) { _, _ in
            let rows = service.appState.value.sys.book.choices.map { AddressBookView.Entry($0.entry) }
            return HTMLResponse(html: Shows.render(ChoicesPage(rows: rows)))
        }
    }
}
