import Persons

// Action: the user picks one of the address books the account offers (the home page's choice,
// while `--carddav` names a server with several books). Handed out as a closure.
extension Vessel {
    /// Takes the book at `address`, one the state offers, for every exchange from now on, and
    /// asks for an exchange, which links the people with it; returns the book's address.
    public var chooseAddressBookAction: ChooseAddressBookUsecase {
        storage.recording { [self] address throws(Fizzle) in
            guard let given = addressBookWork,
                let offered = appState.value.sys.offeredBooks?.books, offered.contains(where: { $0.address == address })
            else {
                throw .addressBook("That address book is not one the account offers: sync again to list them.")
            }
            return try await write { () throws(Fizzle) in
                let book = try given.book(at: address)
                chosenBook.withLockedValue { $0 = book }
                storage.update { state in
                    state.sys.bookName = offered.first { $0.address == address }?.name
                    state.sys.offeredBooks = nil
                }
                return (address, Touched(people: [], exchange: .now))
            }
        }
    }
}
