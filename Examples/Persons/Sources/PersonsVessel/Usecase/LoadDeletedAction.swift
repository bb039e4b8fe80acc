import Persons

// Action: the people deleted lately, here or by the address book (the recently deleted page,
// `pure deleted`). Handed out as a closure.
extension Vessel {
    /// The people deleted in the last ``Persons/DeletedPerson/keptDays`` days, newest first.
    public var loadDeletedAction: LoadDeletedUsecase {
        storage.recording { [personDBWork] () throws(Fizzle) in try await personDBWork.readDeleted() }
    }
}
