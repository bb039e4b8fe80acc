import Persons

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Action: asks for an exchange with the address book without waiting for it (the page's "Sync
// now"). The exchanges run in the Vessel's own work (`run()`): one on start, one every
// `pullEvery`, one for each request, and one soon after each save here; the state says how each
// goes, and when the next is due.
extension Vessel {
    /// Asks for an exchange with the address book; a request made while one waits replaces it.
    public var requestAddressBookSyncAction: RequestAddressBookSyncUsecase {
        storage.recording { [addressBookRequests] in addressBookRequests.continuation.yield() }
    }

    /// Asks for an exchange once the saves here have settled (`saveSettles`): what a
    /// person changed here is on the address book's server in about that long, and saves in a
    /// row go out in one exchange. Nothing without an address book.
    func exchangeSoon() {
        guard addressBookWork != nil else { return }
        savesHere.add(1, ordering: .relaxed)
        addressBookSaves.continuation.yield()
    }

    /// Exchanges with the address book on start, every `pullEvery`, when asked and soon after a
    /// save here, one at a time, until the task is cancelled; nothing without an address book.
    func keepAddressBookInStep() async {
        guard addressBookWork != nil else { return }
        let requests = addressBookRequests
        let ticks = Task { [self, pullEvery] in
            while true {
                let next = Date.now.addingTimeInterval(TimeInterval(pullEvery.components.seconds))
                storage.update { $0.sys.nextExchange = Int(next.timeIntervalSince1970) }
                guard (try? await Task.sleep(for: pullEvery)) != nil else { return }
                requests.continuation.yield()
            }
        }
        defer { ticks.cancel() }
        // Each save here asks for an exchange once no other came for `saveSettles`.
        let settled = Task { [self] in
            var asked = 0
            for await _ in addressBookSaves.stream {
                var seen = savesHere.load(ordering: .relaxed)
                guard seen != asked else { continue }
                while (try? await Task.sleep(for: saveSettles)) != nil {
                    let now = savesHere.load(ordering: .relaxed)
                    if now == seen { break }
                    seen = now
                }
                asked = seen
                requests.continuation.yield()
            }
        }
        defer { settled.cancel() }
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
