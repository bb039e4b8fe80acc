import Persons

/// The home screen's view model: takes the actions it needs from the service and drops it.
/// What the page shows, and keeps live, is declared in ``HomeParts``.
final class HomeViewModel: Sendable {
    private let openList: OpenListUsecase
    private let requestAddressBookSync: RequestAddressBookSyncUsecase
    private let checkBook: CheckAddressBookUsecase
    private let settle: SettleDeletionsUsecase
    private let choose: ChooseAddressBookUsecase

    init(_ service: any Serving) {
        openList = service.openListAction
        requestAddressBookSync = service.requestAddressBookSyncAction
        checkBook = service.checkAddressBookAction
        settle = service.settleDeletionsAction
        choose = service.chooseAddressBookAction
    }

    /// Takes the address book at `address`, one the account offers, and asks for an exchange
    /// with it, which links the people with it.
    func chooseBook(_ address: String) async throws(Fizzle) {
        _ = try await choose(address)
    }

    /// Deletes here too the people the address book held back (`accept`), or puts them back
    /// there; the state shows what was done.
    func settleDeletions(accept: Bool) async throws(Fizzle) {
        _ = try await settle(accept)
    }

    /// The list of `criteria`, read: the page's own, for as long as the page holds it.
    func open(_ criteria: ListCriteria) async -> ListHold {
        await openList(criteria)
    }

    /// Asks for an exchange with the address book; its progress and outcome arrive in the state.
    func startAddressBookSync() {
        requestAddressBookSync()
    }

    /// Asks the address book for changes at once; what it finds arrives in the state.
    func checkAddressBook() {
        checkBook()
    }
}
