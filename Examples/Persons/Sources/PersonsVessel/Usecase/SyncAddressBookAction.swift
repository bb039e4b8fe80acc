import Persons

// Action: exchanges changes with the address book (`pure carddav sync`, the page's "Sync now",
// the periodic pull while serving). Handed out as a method reference.
extension Vessel {
    /// Links the address book (a first sync merges both sides), pushes the outbox, pulls what
    /// changed there, and returns once every open scene shows it; the state says how it goes.
    public var syncAddressBookAction: SyncAddressBookUsecase { storage.recording(syncAddressBook) }

    @Sendable
    func syncAddressBook() async throws(Fizzle) -> String {
        guard let book = addressBookWork else {
            throw .addressBook("No address book is set: give its address with --carddav.")
        }
        storage.update { $0.sys.addressBook = .loading(permille: 0) }
        do {
            try await personDBWork.linkAddressBook(book.collection)
            let sent = try await pushOutbox(to: book)
            storage.update { $0.sys.addressBook = .loading(permille: 500) }
            let (received, skipped) = try await pull(from: book)
            let report = AddressBookReport(sent: sent, received: received, skipped: skipped)
            storage.update { $0.sys.addressBook = .success(report.message) }
            await readScenes()
            return report.message
        } catch {
            storage.update { $0.sys.addressBook = .failure(error.message) }
            await readScenes()
            throw error
        }
    }
}
