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
        guard let book = addressBookWork else {
            throw .addressBook("No address book is set: give its address with --carddav.")
        }
        storage.update { $0.sys.addressBook = .loading(permille: 0) }
        do {
            let report = try await exchange(with: book)
            await record(report.message, succeeded: true)
            await showAddressBook(.success(report.message))
            return report.message
        } catch {
            await record(error.message, succeeded: false)
            await showAddressBook(.failure(error.message))
            throw error
        }
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

    /// Shows how the exchange went (`outcome`), what waits (``Persons/AddressBookStatus``), and
    /// every open scene as the exchange left them.
    func showAddressBook(_ outcome: UiState<String>) async {
        let status = try? await personDBWork.readAddressBookStatus()
        storage.update {
            $0.sys.addressBook = outcome
            if let status { $0.sys.book = status }
        }
        await readScenes()
    }
}
