import Persons

// Action: deletes a person here. Handed out as a method reference.
extension Vessel {
    /// Deletes the person (a later sync does not bring them back), and returns once every open
    /// list has let them go and every page of them says so.
    public var deletePersonAction: DeletePersonUsecase { storage.recording(deletePerson) }

    @Sendable
    func deletePerson(_ id: Person.ID) async throws(Fizzle) {
        try await write { () throws(Fizzle) in
            try await personDBWork.deletePerson(id: id)
            return ((), Touched(people: [id], settled: [id: nil], exchange: .soon))
        }
    }
}
