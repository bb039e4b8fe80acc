import Persons

// Action: brings back a person deleted lately (the recently deleted page, `pure restore`).
// Handed out as a closure.
extension Vessel {
    /// Brings the person back as they were, and returns once every open list shows them; a
    /// linked address book gets them back at the next exchange.
    public var restorePersonAction: RestorePersonUsecase {
        storage.recording { [self] id throws(Fizzle) in
            try await write { () throws(Fizzle) in
                let person = try await personDBWork.restorePerson(id: id)
                return (person, Touched(people: [id], status: true, exchange: .soon))
            }
        }
    }
}
