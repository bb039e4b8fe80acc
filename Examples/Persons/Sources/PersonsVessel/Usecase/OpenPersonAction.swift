import Persons

// Action: opens a person for one tab or window: a scene of the app state, read before this
// returns, and following the stored people while it is held.
extension Vessel {
    /// Sets the route to the person, opens their scene (or shares the open one), and returns
    /// once they are read; ``Fizzle/notFound(_:)`` for an id nobody has, and the scene closes.
    public var openPersonAction: OpenPersonUsecase {
        storage.recording { [self] id throws(Fizzle) in
            var opened = false
            storage.update { state in
                state.route.uis = id
                opened = state.people.hold(id, opening: PersonState(id: id))
            }
            let hold = PersonHold(id) { [weak self] id in self?.closePerson(id) }
            if opened {
                if let failure = await readPeople([id])[id] { throw failure }
            } else {
                let isRead = appState.stored { state in state.people[id].map { $0.person != nil || $0.isDeleted } }
                for await read in isRead where read ?? true { break }
                guard let scene = appState.value.people[id], scene.person != nil, !scene.isDeleted else {
                    throw .notFound(id)
                }
            }
            return hold
        }
    }
}
