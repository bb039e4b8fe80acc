import Persons

// Action: goes back to an earlier state of the app, from the journal (the inspector's
// "restore"). Every screen follows, as after any other use case.
extension Vessel {
    /// Makes the app state what it was after the journal's entry `sequence`; `false` when the
    /// vessel keeps no journal or the entry has left it.
    ///
    /// ```swift
    /// vessel.restoreStateAction(12)
    /// ```
    @discardableResult
    public func restoreStateAction(_ sequence: Int) -> Bool {
        storage.restore(sequence)
    }
}
