import Persons

// Action: saves a person edited here. Handed out as a method reference.
extension Vessel {
    /// Checks the draft, saves it over the stored person (keeping their photo), and returns once
    /// every open list and person shows the edit.
    public var editPersonAction: EditPersonUsecase { storage.recording(editPerson) }

    @Sendable
    func editPerson(_ id: Person.ID, _ draft: PersonDraft) async throws(Fizzle) -> Person {
        try await write { () throws(Fizzle) in
            let stored = try await personDBWork.readPerson(id: id)
            let person = try draft.person(id: id, photo: stored.photo, over: stored)
                .mapError(Fizzle.invalidPerson).get()
            let saved = try await personDBWork.editPerson(person)
            let changed = PersonField.allCases.filter { $0.text(of: stored) != $0.text(of: saved) }
            return (saved, Touched(people: [id], settled: [id: changed], exchange: .soon))
        }
    }
}
