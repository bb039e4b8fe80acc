import Persons

// What the two switch actions share: a switch is persisted first, so the state never shows a
// switch the next start would not; then, through the one write path, every open list reads what
// the switch changed (the region switch: the order of the lists).
extension Vessel {
    /// Persists the switch, shows it everywhere, and returns once every open list follows it. The
    /// journal names the use case that called this (`fileID`), not this helper.
    func applySwitch(_ name: Switches.Name, isOn: Bool, fileID: StaticString = #fileID) async throws(Fizzle) {
        try await write { () throws(Fizzle) in
            try await saveSwitch(name, isOn: isOn, fileID: fileID)
            return ((), Touched(people: [], order: name == .isRegion))
        }
    }

    /// Saves the switch, then puts it in the state.
    private func saveSwitch(_ name: Switches.Name, isOn: Bool, fileID: StaticString) async throws(Fizzle) {
        // Known before it is saved: a file read by `followSwitches` meanwhile (another writer
        // committed) that holds this save already does not take it for another writer's, which
        // would show the switch in this action's stead (and the journal would name the query).
        let wasOn = knownSwitches.withLockedValue { known in
            defer {
                known.values[name] = isOn
                known.saving += 1
                known.actions += 1
            }
            return known.values[name]
        }
        // Until the state shows it, the file's switches are this action's to show.
        defer { knownSwitches.withLockedValue { $0.saving -= 1 } }
        do {
            try await switchDBWork.saveSwitch(name, isOn: isOn)
        } catch {
            knownSwitches.withLockedValue { $0.values[name] = wasOn }
            throw error
        }
        storage.update(fileID: fileID) { $0.field[name] = isOn }
    }
}
