import Persons

// Action: finds the address books of the account the app was given (`pure carddav books`), from
// its server's address. Handed out as a closure.
extension Vessel {
    /// The address books of the account given with `--carddav` (the server's address, or any
    /// address of it), found as a contacts app finds them.
    public var findAddressBooksAction: FindAddressBooksUsecase {
        storage.recording { [addressBookWork] () throws(Fizzle) in
            guard let addressBookWork else {
                throw .addressBook("No server is set.", command: "Give its address with --server.")
            }
            return try await addressBookWork.findBooks()
        }
    }
}
