import Mustache

/// The home screen: the switches, the sync state, the search box, its filters and order, and the people
/// list (its summary, then its rows).
///
/// ```swift
/// let html = Shows.render(
///     HomePage(
///         live: "/?q=ad", switches: switches, sync: sync, addressBook: book, search: search,
///         options: options, summary: summary, list: list))
/// ```
public struct HomePage: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "head": \.head, "switches": \.switches, "sync": \.sync, "addressBook": \.addressBook, "search": \.search,
        "options": \.options, "summary": \.summary, "list": \.list,
    ]

    /// The partial name other templates include it by; its root element has no id.
    public static let templateName = "home"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = PageView.frame(
        """
        <header class="bar"><h1 class="title"><a href="\(SitePath.home)">Persons</a></h1><a href="\(SitePath.add)" class="add">Add a person</a><a href="\(SitePath.deleted)" class="deleted-link">Recently deleted</a><a href="\(SitePath.directory)" class="directory-link">Directory</a>{{#switches}}{{> switches}}{{/switches}}</header>
        <main>
        {{#sync}}{{> sync}}{{/sync}}
        {{#addressBook}}{{> address-book}}{{/addressBook}}
        <div class="search" role="search">{{#search}}{{> search}}{{/search}}{{#options}}{{> search-options}}{{/options}}</div>
        {{#summary}}{{> summary}}{{/summary}}
        {{#list}}{{> list}}{{/list}}
        </main>
        """)

    let head: PageView
    let switches: SwitchesView
    let sync: SyncStatusView
    let addressBook: AddressBookView
    let search: SearchView
    let options: SearchOptionsView
    let summary: ListSummaryView
    let list: PeopleListView

    /// The page of the list at the address `live`, made of these parts.
    public init(
        live: String, switches: SwitchesView, sync: SyncStatusView, addressBook: AddressBookView, search: SearchView,
        options: SearchOptionsView, summary: ListSummaryView, list: PeopleListView
    ) {
        head = PageView(title: "People", live: live)
        self.switches = switches
        self.sync = sync
        self.addressBook = addressBook
        self.search = search
        self.options = options
        self.summary = summary
        self.list = list
    }
}
