import Persons

// Action: saves a person edited here. Handed out as a method reference.
extension Vessel {
    /// Saves the fields the draft gives over the stored person, checked (their photo kept), in
    /// one transaction with one read of them, and returns once every open list and person shows
    /// the edit.
    public var editPersonAction: EditPersonUsecase { storage.recording(editPerson) }

    @Sendable
    func editPerson(_ id: Person.ID, _ draft: PersonDraft) async throws(Fizzle) -> Person {
        try await write { () throws(Fizzle) in
            let edit = try await personDBWork.editPerson(id: id, draft)
            return (edit.saved, Touched(people: [id], settled: [id: edit.changed], exchange: .soon))
        }
    }
}
