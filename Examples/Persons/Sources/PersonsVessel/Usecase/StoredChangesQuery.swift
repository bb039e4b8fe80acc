import Persons

// Query: keeps the state in step with the file, which this process and others write (a
// `pure sync` in a terminal, a second server): the switches, and through the open lists and
// people (the scenes), the people shown.
extension Vessel {
    /// Follows every committed change of the file until the task is cancelled, starting with
    /// the file as it is: part of the Vessel's ``run()``, so screens find the list read.
    func followStoredChanges() async {
        let changes = personDBWork.changes()
        await readScenes()
        // What a commit did not change is not read again: a switch saved reads no list.
        for await change in changes {
            if change.contains(.switches) { await followSwitches() }
            if change.contains(.people) { await readScenes() }
        }
    }

    /// Puts the switches the file holds into the state when the file changed them since this
    /// vessel last knew (``knownSwitches``): a state restored apart from the file stays. Unless a
    /// switch action changed the state while they were read (its own write then comes next).
    func followSwitches() async {
        let actions = knownSwitches.withLockedValue { $0.actions }
        let shown = storage.value.field
        guard let stored = try? await personDBWork.readSwitches() else { return }
        let changed = knownSwitches.withLockedValue { known in
            // A switch action saving now shows its own write, which the file may hold already;
            // one that started since this read began may have shown a newer one. Either action's
            // commit is followed next.
            guard known.saving == 0, known.actions == actions else { return false }
            defer { known.values = stored }
            return known.values != stored
        }
        guard changed, stored != shown else { return }
        storage.update { state in
            if state.field == shown { state.field = stored }
        }
    }
}
