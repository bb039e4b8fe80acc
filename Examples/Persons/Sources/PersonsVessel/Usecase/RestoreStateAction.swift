import Persons

// Action: goes back to an earlier state of the app, from the journal (the inspector's
// "restore"). Every screen follows, as after any other use case.
extension Vessel {
    /// Makes the app state what it was after the journal's entry `sequence`, but for the scenes
    /// (the lists, the people): those open now stay open, as the screens showing them hold them,
    /// and a list is read again if the restored region switch asks for another order (the stored
    /// people are not restored, so a scene always shows what the file holds). `false` when the vessel keeps no journal or
    /// the entry has left it.
    ///
    /// ```swift
    /// vessel.restoreStateAction(12)
    /// ```
    @discardableResult
    public func restoreStateAction(_ sequence: Int) -> Bool {
        let wasRegion = appState.value.field.isRegion
        let restored = storage.restore(sequence) { now, then in
            let (lists, people) = (now.lists, now.people)
            now = then
            (now.lists, now.people) = (lists, people)
        }
        if appState.value.field.isRegion != wasRegion {
            Task { await follow(Touched(people: [], order: true)) }
        }
        return restored
    }
}
