import Persons
import Pure

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Action: exchanges changes with the address book (`pure carddav sync`, the page's "Sync with
// the address book"; and, quietly, the checks while serving and a save here). Handed out as a
// method reference.
extension Vessel {
    /// Exchanges changes with the address book (a first exchange links the people with it),
    /// and returns once every open scene shows it; the state says how it goes, and what waits.
    public var syncAddressBookAction: SyncAddressBookUsecase { storage.recording(syncAddressBook) }

    @Sendable
    func syncAddressBook() async throws(Fizzle) -> String {
        guard addressBookWork != nil else {
            throw .addressBook("No address book is linked.", command: "Give its address with --carddav.")
        }
        return try await exchangeWithAddressBook(quietly: false).message
    }

    /// One exchange with the address book; `quietly`, a check: it shows no progress until it has
    /// something to send, and one that changed nothing either way after one that succeeded, or
    /// failed as the one before, is not kept again. Without `retrying`, the people set aside
    /// wait for another. Returns whether anything changed either way, and what the user is told.
    func exchangeWithAddressBook(
        quietly: Bool, retrying: Bool = true
    ) async throws(Fizzle) -> (changed: Bool, message: String) {
        guard let given = addressBookWork else { return (false, "") }
        if !quietly { storage.update { $0.sys.addressBook = .loading(permille: 0) } }
        let shown = appState.value.sys.addressBook
        let ended = try await write { () throws(Fizzle) -> (Result<(Bool, String), Fizzle>, Touched) in
            do throws(Fizzle) {
                let (report, idle) = try await exchange(with: try await linkedBook(from: given), retrying: retrying)
                if quietly, idle, shown.message == nil, appState.value.sys.book.lastExchange?.succeeded != false {
                    return (.success((false, report.message)), Touched(people: []))
                }
                await record(report.message, succeeded: true)
                // An exchange that changed nothing here reads no scene.
                return (
                    .success((!idle, report.message)),
                    Touched(people: report.changedHere ? nil : [], outcome: .success(report.message))
                )
            } catch {
                if !quietly || shown.message != error.message { await record(error.message, succeeded: false) }
                // What the exchange stored before it failed is shown: the scenes are read again.
                return (.failure(error), Touched(people: nil, outcome: .failure(error.message)))
            }
        }
        return try ended.get()
    }

    /// The address book to exchange with: `given`, when it is one; else, `given` being a folder of
    /// the server (its root, or an account's), the book of that account the people are linked with, or its only
    /// one. With several, none of them linked, the state offers them (``Persons/Roger/Sys/offeredBooks``)
    /// and the exchange stops, asking; the user's choice (`chooseAddressBookAction`) comes here
    /// as `chosenBook`. Found once: the next exchanges go to the same book.
    private func linkedBook(from given: any AddressBookWork) async throws(Fizzle) -> any AddressBookWork {
        if let chosen = chosenBook.withLockedValue({ $0 }) { return chosen }
        let book: any AddressBookWork
        let name: String?
        do {
            name = try await given.probe()
            book = given
        } catch  where error.isServerFolder {
            let found: FoundAddressBooks
            do {
                found = try await given.findBooks()
            } catch let failure {
                logger.warning("address book: none found from \(given.collection): \(failure.message)")
                throw error
            }
            let linked = try await personDBWork.readAddressBookStatus().collection
            let only = found.books.count == 1 ? found.books.first : nil
            guard let pick = found.books.first(where: { $0.address == linked }) ?? only else {
                guard !found.books.isEmpty else { throw error }
                storage.update { $0.sys.offeredBooks = found }
                throw .addressBook(
                    "The account has \(found.books.count) address books: choose the one to keep the people in step with.",
                    command: "Give its address with --carddav (pure carddav books lists them).")
            }
            book = try given.book(at: pick.address)
            name = pick.name
        }
        chosenBook.withLockedValue { $0 = book }
        if appState.value.sys.offeredBooks != nil || appState.value.sys.bookName != name {
            storage.update { state in
                state.sys.offeredBooks = nil
                state.sys.bookName = name
            }
        }
        return book
    }

    /// Keeps how the exchange ended, now, for the home page and `pure carddav status`; a failure
    /// to keep it is logged, and changes nothing of what the exchange did.
    private func record(_ outcome: String, succeeded: Bool) async {
        let exchange = AddressBookStatus.Exchange(
            at: Int(Date.now.timeIntervalSince1970), outcome: outcome, succeeded: succeeded)
        do throws(Fizzle) {
            try await personDBWork.recordExchange(exchange)
        } catch {
            logger.warning("address book: could not keep how the exchange ended: \(error.message)")
        }
    }
}
