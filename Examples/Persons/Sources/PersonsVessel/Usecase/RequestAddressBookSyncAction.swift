import Persons

// Action: asks for an exchange with the address book without waiting for it (the page's "Sync
// now"). The exchanges run in the Vessel's own work (`run()`), when the timetable says: one on
// start, one every pull interval, one for each request, and one soon after each save here; the
// state says how each goes, and when the next is due.
extension Vessel {
    /// Asks for an exchange with the address book; a request made while one waits replaces it.
    public var requestAddressBookSyncAction: RequestAddressBookSyncUsecase {
        storage.recording { [timetable] in timetable.requestExchange() }
    }

    /// Exchanges with the address book when the timetable says, one at a time, until the task is
    /// cancelled; nothing without an address book.
    func keepAddressBookInStep() async {
        guard addressBookWork != nil else { return }
        await timetable.runExchanges(showingNext: { [storage] next in storage.update { $0.sys.nextExchange = next } }) {
            do throws(Fizzle) {
                _ = try await syncAddressBook()
            } catch {
                logger.warning("address book: \(error.message)")
            }
        }
    }
}
