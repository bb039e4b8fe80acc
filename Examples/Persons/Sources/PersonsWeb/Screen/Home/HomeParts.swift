import Persons
import PersonsShow
import Pure
import PureLive

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The home page of one list, declared once for the live engine (see `LivePage`): its live
/// parts, each what it reads of the app's state and of its list (a scene of the app state), and
/// what it shows, and the page made of them. A new live part is a property here and its place in
/// ``page(_:)``; the engine finds it, watches what it reads, and sends it when that changes.
struct HomeParts: LivePage {
    typealias State = SceneState<Roger, ListState>

    // What a part reads is compared on every change of the app state, for every page open: each
    // reads values as they are, and makes its text (an address, a count) only when it shows.
    let switches = LivePart<State, SwitchesInput, SwitchesView>.switches {
        SwitchesInput(field: $0.app.field, back: .list($0.scene.criteria))
    }

    /// The directory's sync, as it goes: its button is on the directory's page, off this one.
    let sync = LivePart(reads: { (state: State) in DirectoryParts.SyncInput(state.app) }) { input in
        SyncStatusView(
            progress: input.sync.permille, failure: input.sync.message, note: input.sync.value ?? nil,
            step: input.step?.text, offersSync: false)
    }

    let addressBook = LivePart(reads: AddressBookInput.init) { input in
        let waiting = input.book.waiting
        return AddressBookView(
            isShown: input.state != .ready || input.book.collection != nil || input.book.lastExchange != nil,
            isSyncing: input.state.permille != nil, outcome: input.state.value, failure: input.state.message,
            linked: input.book.collection.map { address in
                AddressBookView.Linked(
                    name: input.name ?? URL(string: address)?.host().map { "on \($0)" } ?? "without a name",
                    address: address, line: Self.linkLine(input))
            },
            lastExchange: input.book.lastExchange.map {
                AddressBookView.Exchange(at: $0.at, succeeded: $0.succeeded, outcome: $0.outcome)
            },
            offered: (input.offered?.books ?? []).map { book in
                let cards = "\(book.cards) \(book.cards == 1 ? "card" : "cards")"
                return AddressBookView.Offer(
                    address: book.address, label: "\(book.name ?? "No name"), \(cards)")
            },
            waiting: waiting == 0 ? nil : "\(waiting) \(waiting == 1 ? "change waits" : "changes wait") to go out.",
            held: input.book.held.map(AddressBookView.Entry.init),
            setAside: input.book.setAside.map(AddressBookView.Entry.init),
            duplicates: input.book.duplicates.map(AddressBookView.Entry.init),
            choices: input.book.choices.map { AddressBookView.Entry($0.entry) },
            unread: input.book.unread.map { AddressBookView.Entry(name: $0.name, link: nil, detail: $0.detail) },
            deletedLately: input.book.deletedLately == 0
                ? nil
                : "The address book deleted \(input.book.deletedLately) "
                    + "\(input.book.deletedLately == 1 ? "person" : "people") here lately.",
            back: ListAddress.path(input.list))
    }

    /// What the address book's part shows: how the exchange goes, what waits, the book's name, the
    /// books offered, and the list its forms come back to.
    struct AddressBookInput: Equatable, Sendable {
        let state: UiState<String>
        let book: AddressBookStatus
        let name: String?
        let checkEvery: Int?
        let offered: FoundAddressBooks?
        let list: ListCriteria

        init(_ state: State) {
            self.state = state.app.sys.addressBook
            book = state.app.sys.book
            name = state.app.sys.bookName
            checkEvery = state.app.sys.checkEvery
            offered = state.app.sys.offeredBooks
            list = state.scene.criteria
        }
    }

    /// What the link with the address book does now, as the last exchange left it and as the
    /// app checks: saves going there within seconds, and changes coming here within seconds
    /// while a page is open (or at the next pull, when the app does not check); or, the server
    /// having failed, saves that wait for it.
    static func linkLine(_ input: AddressBookInput) -> String {
        let failed = input.state.message != nil || input.book.lastExchange?.succeeded == false
        guard !failed else {
            return "The last exchange failed: saves here wait, and go when the address book answers again."
        }
        return "Saves here go there within seconds, and changes made there show here "
            + (input.checkEvery == nil ? "at the next exchange." : "within seconds while a page is open.")
    }

    let search = LivePart(reads: \State.scene.criteria.search) { SearchView(text: $0) }

    /// The filters and the order, with how many people have each filter's value, which changes
    /// with every save: one part for every address (a `static` declaration, its renderings
    /// shared), rendered once per change for all the addresses that chose the same filters and
    /// order, not once per address.
    let options = Self.sharedOptions

    private static let sharedOptions = LivePart(reads: OptionsInput.init, remembering: 4) { input in
        SearchOptionsView(
            filters: ListFilter.allCases.map { filter in
                let chosen = input.chosen[filter]
                return SearchOptionsView.Filter(
                    name: filter.rawValue, label: filter.label, value: chosen ?? "",
                    choices: filter.offered(input.counts[filter] ?? [:], chosen: chosen).map { offer in
                        (offer.value, "\(filter.valueLabel(offer.value)) (\(offer.count))")
                    })
            },
            orders: ListOrder.allCases.map { order in
                SearchOptionsView.Option(
                    value: ListAddress.value(of: order), label: order.label, isSelected: order == input.order)
            })
    }

    /// What the search's options show: the values chosen, the order, and how many people have
    /// each value of each filter.
    struct OptionsInput: Equatable, Sendable {
        let chosen: [ListFilter: String]
        let order: ListOrder
        let counts: [ListFilter: [String: Int]]

        init(_ state: State) {
            chosen = state.scene.criteria.filters
            order = state.scene.criteria.order
            counts = state.app.sys.counts
        }
    }

    let summary = LivePart(reads: SummaryInput.init) { input in
        ListSummaryView(summary: Listing.summary(input.count), empty: input.empty?.text, message: input.message)
    }

    /// What the list's summary shows: how many match, why there are no rows, why the list could
    /// not be read.
    struct SummaryInput: Equatable, Sendable {
        let count: MetaPage
        let empty: Listing.Empty?
        let message: String?

        init(_ state: State) {
            let result = state.scene.result
            count = MetaPage(metas: [], total: result.total, isTotalCapped: result.isTotalCapped)
            empty = Listing.empty(state.scene)
            message = state.scene.message
        }
    }

    // Each address's list keeps its last rendering, and renders only the rows it did not show.
    let list = LivePart(id: PeopleListView.templateName, reads: ListInput.init, compactRender: ShownRows().html(of:)) {
        input in
        let listing = Listing(input.list, input.switches)
        let criteria = input.list.criteria
        let address = { (position: ListPosition) in
            var moved = criteria
            moved.position = position
            return ListAddress.path(moved)
        }
        return PeopleListView(
            sections: listing.sections.map { section in
                PeopleListView.Section(
                    title: section.heading,
                    rows: section.rows.map { row in
                        PersonRowView(
                            label: row.label, name: row.name, username: row.username, href: SitePath.person(row.id),
                            isLastOpened: row.id == input.lastOpened)
                    })
            },
            previous: listing.previous.map(address), next: listing.next.map(address),
            jumps: listing.jumps.map { PeopleListView.Jump(label: $0.label, href: address($0.position)) })
    }

    /// What the list's rows show: the list as read (grouped the way it was read, see `Listing`)
    /// but its count and message, which the summary shows, so that a change of the count alone
    /// does not render the rows again; the switches; and the person last opened.
    struct ListInput: Equatable, Sendable {
        let list: ListState
        let switches: Switches
        let lastOpened: Person.ID?

        init(_ state: State) {
            let read = state.scene.result
            list = ListState(
                criteria: state.scene.criteria,
                result: MetaPage(metas: read.metas, total: 0, previous: read.previous, next: read.next),
                listed: state.scene.listed)
            switches = state.app.field
            lastOpened = state.app.route.uis
        }
    }

    /// The whole page, made of the parts.
    func page(_ state: State) -> String {
        Shows.render(
            HomePage(
                live: ListAddress.path(state.scene.criteria), switches: switches.component(state),
                sync: sync.component(state), addressBook: addressBook.component(state), search: search.component(state),
                options: options.component(state), summary: summary.component(state),
                list: list.component(state)))
    }
}
