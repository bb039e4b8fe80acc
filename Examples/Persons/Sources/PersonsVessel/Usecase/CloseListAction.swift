import Persons

// Action: a screen let go of a list (its `ListHold` went); the last one closes it.
extension Vessel {
    /// Lets go of the list of `criteria`: it leaves the app state when no other screen holds it.
    func closeList(_ criteria: ListCriteria) {
        var closed = false
        storage.update { closed = $0.lists.release(criteria) }
        if closed { listReads.forget(criteria) }
    }
}
