import Persons

// Action: asks for an exchange with the address book without waiting for it (the page's "Sync
// with the address book"). The exchanges run in the Vessel's own work (`run()`), when the
// timetable says: one on start, one for each request, one soon after each save here, and a
// check for changes there every few seconds while a page is open; the state says how each goes.
extension Vessel {
    /// Asks for an exchange with the address book; a request made while one waits replaces it.
    public var requestAddressBookSyncAction: RequestAddressBookSyncUsecase {
        storage.recording { [timetable] in timetable.requestExchange() }
    }

    /// Exchanges with the address book when the timetable says, one at a time, until the task is
    /// cancelled: what the user asked for shows its progress, a check only what it finds; how
    /// each went sets when the next check is due. Nothing without an address book.
    func keepAddressBookInStep() async {
        guard addressBookWork != nil else { return }
        await timetable.runExchanges { run in
            do throws(Fizzle) {
                let exchanged = try await exchangeWithAddressBook(quietly: !run.isAsked, retrying: run.retries)
                return exchanged.changed ? .changed : .idle
            } catch {
                logger.warning("address book: \(error.message)")
                return .failed
            }
        }
    }

    /// Checks the address book for changes every second after a change, backing off to
    /// `ceiling` while nothing changes, while `isOpen` says a page is open (the web server's count
    /// of live pages); once a pull interval while none is.
    ///
    /// ```swift
    /// vessel.watchAddressBook(upTo: .seconds(4), while: { server.openPages > 0 })
    /// ```
    public func watchAddressBook(upTo ceiling: Duration = .seconds(4), while isOpen: @escaping @Sendable () -> Bool) {
        timetable.watch(upTo: ceiling, while: isOpen)
        storage.update { $0.sys.checkEvery = Int(ceiling.components.seconds) }
    }
}
