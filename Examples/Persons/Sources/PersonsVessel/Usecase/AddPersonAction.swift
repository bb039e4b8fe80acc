import Persons

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Action: stores a person added here. Handed out as a method reference.
extension Vessel {
    /// Checks the draft, stores it as a new person with an id of its own (a UUID, as the
    /// directory's ids are), and returns once every open list and person shows them.
    public var addPersonAction: AddPersonUsecase { storage.recording(addPerson) }

    @Sendable
    func addPerson(_ draft: PersonDraft) async throws(Fizzle) -> Person {
        let person = try draft.person(id: UUID().uuidString.lowercased(), photo: nil)
            .mapError(Fizzle.invalidPerson).get()
        return try await write { () throws(Fizzle) in
            try await personDBWork.addPerson(person)
            return (person, Touched(people: [person.id], exchange: .soon))
        }
    }
}
