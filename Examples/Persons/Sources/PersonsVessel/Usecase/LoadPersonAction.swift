import Persons

// Action: shows a person. Handed out as a method reference.
extension Vessel {
    /// Shows a person: sets the route, reads the person.
    public var loadPersonAction: LoadPersonUsecase { storage.recording(loadPerson) }

    @Sendable
    func loadPerson(_ id: Person.ID) async throws(Fizzle) -> Person {
        storage.update { $0.route.uis = id }
        return try await personDBWork.readPerson(id: id)
    }
}
