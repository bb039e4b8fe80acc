import Persons
import Pure

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Action: exchanges changes with the address book (`pure carddav sync`, the page's "Sync with
// the address book", the periodic pull while serving, a save here). Handed out as a method
// reference.
extension Vessel {
    /// Exchanges changes with the address book (a first exchange links the people with it),
    /// and returns once every open scene shows it; the state says how it goes, and what waits.
    public var syncAddressBookAction: SyncAddressBookUsecase { storage.recording(syncAddressBook) }

    @Sendable
    func syncAddressBook() async throws(Fizzle) -> String {
        guard let given = addressBookWork else {
            throw .addressBook("No address book is set: give its address with --carddav.")
        }
        storage.update { $0.sys.addressBook = .loading(permille: 0) }
        let ended = try await write { () throws(Fizzle) -> (Result<String, Fizzle>, Touched) in
            do throws(Fizzle) {
                let report = try await exchange(with: try await linkedBook(from: given))
                await record(report.message, succeeded: true)
                // An exchange that changed nothing here reads no scene.
                return (
                    .success(report.message),
                    Touched(people: report.changedHere ? nil : [], outcome: .success(report.message))
                )
            } catch {
                await record(error.message, succeeded: false)
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
        do {
            try await given.probe()
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
                    "\(given.collection) holds \(found.books.count) address books: choose one on the home page, "
                        + "or give its address with --carddav (pure carddav books lists them).")
            }
            book = try given.book(at: pick.address)
        }
        chosenBook.withLockedValue { $0 = book }
        if appState.value.sys.offeredBooks != nil { storage.update { $0.sys.offeredBooks = nil } }
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
