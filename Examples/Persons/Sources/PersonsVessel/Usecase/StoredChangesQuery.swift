import Persons

// Query: keeps the state in step with what other processes write to the file (a `pure sync` in
// a terminal, a second server): the switches, and through the open lists and people (the
// scenes), the people shown. This process's own writes are read by the use case that wrote.
extension Vessel {
    /// Follows every commit of another process until the task is cancelled, starting with the
    /// file as it is: part of the Vessel's ``run()``, so screens find the list read.
    func followStoredChanges() async {
        let changes = personDBWork.changes()
        await readScenes()
        for await _ in changes {
            await followSwitches()
            await readScenes()
        }
    }

    /// Puts the switches the file holds into the state when the file changed them since this
    /// vessel last knew (``knownSwitches``): a state restored apart from the file stays. Unless a
    /// switch action changed the state while they were read (its own write then comes next).
    func followSwitches() async {
        let actions = knownSwitches.withLockedValue { $0.actions }
        let shown = storage.value.field
        guard let stored = try? await switchDBWork.readSwitches() else { return }
        let changed = knownSwitches.withLockedValue { known in
            // A switch action saving now shows its own write, which the file may hold already;
            // one that started since this read began may have shown a newer one.
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
