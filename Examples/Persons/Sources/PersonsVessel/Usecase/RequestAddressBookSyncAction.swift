import Persons

// Action: asks for an exchange with the address book without waiting for it (the page's "Sync
// now"). The exchanges run in the Vessel's own work (`run()`): one on start, one every
// `pullEvery`, and one for each request; the state says how each goes.
extension Vessel {
    /// Asks for an exchange with the address book; a request made while one waits replaces it.
    public var requestAddressBookSyncAction: RequestAddressBookSyncUsecase {
        storage.recording { [addressBookRequests] in addressBookRequests.continuation.yield() }
    }

    /// Exchanges with the address book on start, every `pullEvery` and when asked, one at a time,
    /// until the task is cancelled; nothing without an address book.
    func keepAddressBookInStep() async {
        guard addressBookWork != nil else { return }
        let requests = addressBookRequests
        let ticks = Task { [pullEvery] in
            while (try? await Task.sleep(for: pullEvery)) != nil { requests.continuation.yield() }
        }
        defer { ticks.cancel() }
        requests.continuation.yield()
        for await _ in requests.stream {
            do {
                _ = try await syncAddressBook()
            } catch {
                logger.warning("address book: \(error.message)")
            }
        }
    }
}
