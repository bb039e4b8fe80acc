import Persons

// Action: flips the username switch everywhere (see `applySwitch`).
extension Vessel {
    /// Flips the username switch everywhere and persists it.
    public var applyUsernameAction: ApplyUsernameUsecase {
        storage.recording { [self] isOn throws(Fizzle) in try await applySwitch(.isUsername, isOn: isOn) }
    }
}
