import Persons

// Actions: flip a display switch everywhere. Persisted first, so the state never shows a
// switch the next start would not.
extension Vessel {
    /// Flips the region switch everywhere and persists it.
    public var applyRegionAction: ApplyRegionUsecase {
        { [self] isOn throws(Fizzle) in try await applySwitch(.isRegion, isOn: isOn) }
    }

    /// Flips the username switch everywhere and persists it.
    public var applyUsernameAction: ApplyUsernameUsecase {
        { [self] isOn throws(Fizzle) in try await applySwitch(.isUsername, isOn: isOn) }
    }

    func applySwitch(_ name: Switches.Name, isOn: Bool) async throws(Fizzle) {
        try await personDBWork.saveSwitch(name, isOn: isOn)
        storage.update { $0.field[name] = isOn }
    }
}
