import Persons

// Action: asks the address book for changes at once, showing only what it finds (a page came
// back into view). The check runs in the Vessel's own work (`run()`), as the timetable's do.
extension Vessel {
    /// Asks for a check of the address book as soon as the exchange running, if any, ends.
    public var checkAddressBookAction: CheckAddressBookUsecase {
        storage.recording { [timetable] in timetable.checkNow() }
    }
}
