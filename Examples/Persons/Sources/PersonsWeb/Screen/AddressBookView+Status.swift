import Persons
import PersonsShow

extension AddressBookView.Entry {
    /// A person the exchange's state names (`entry`), as the pages list them: their name,
    /// linking to their page, and what is said of them.
    ///
    /// ```swift
    /// let held = appState.value.sys.book.held.map(AddressBookView.Entry.init)
    /// ```
    init(_ entry: AddressBookStatus.Entry) {
        self.init(name: entry.name, link: SitePath.person(entry.id), detail: entry.detail)
    }
}
