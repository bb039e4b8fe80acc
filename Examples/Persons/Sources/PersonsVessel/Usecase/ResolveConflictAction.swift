import Persons

// Action: ends a conflict on a field with the user's choice. Handed out as a method reference.
extension Vessel {
    /// Keeps the value here, or takes the address book's (saved as an edit, which goes back to
    /// the address book at the next exchange), and returns once every open person and list shows
    /// the choice.
    public var resolveConflictAction: ResolveConflictUsecase { storage.recording(resolveConflict) }

    @Sendable
    func resolveConflict(
        _ id: Person.ID, _ field: PersonField, _ choice: PersonConflict.Choice
    ) async throws(Fizzle) -> Person {
        try await write { () throws(Fizzle) in
            let person = try await personDBWork.resolveConflict(id, field, keeping: choice)
            return (person, Touched(people: [id], settled: [id: [field]], exchange: .soon))
        }
    }
}
