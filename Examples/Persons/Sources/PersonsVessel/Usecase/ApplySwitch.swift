import Persons

// What the two switch actions share: a switch is persisted first, so the state never shows a
// switch the next start would not; then the list query reads what the switch changed.
extension Vessel {
    /// Persists the switch, shows it everywhere, and returns once the list follows it. The
    /// journal names the use case that called this (`fileID`), not this helper.
    func applySwitch(_ name: Switches.Name, isOn: Bool, fileID: StaticString = #fileID) async throws(Fizzle) {
        try await personDBWork.saveSwitch(name, isOn: isOn)
        knownSwitches.withLock { $0[name] = isOn }
        storage.update(fileID: fileID) { $0.field[name] = isOn }
        await personListQuery.caughtUp()
    }
}
