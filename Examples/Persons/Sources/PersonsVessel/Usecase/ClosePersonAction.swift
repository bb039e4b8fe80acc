import Persons

// Action: a screen let go of a person (its `PersonHold` went); the last one closes the scene.
extension Vessel {
    /// Lets go of the person `id`: their scene leaves the app state when no other screen holds it.
    func closePerson(_ id: Person.ID) {
        var closed = false
        storage.update { closed = $0.people.release(id) }
        if closed { personReads.forget(id) }
    }
}
