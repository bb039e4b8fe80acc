import Persons

// Action: flips the region switch everywhere (see `applySwitch`).
extension Vessel {
    /// Flips the region switch everywhere and persists it.
    public var applyRegionAction: ApplyRegionUsecase {
        storage.recording { [self] isOn throws(Fizzle) in try await applySwitch(.isRegion, isOn: isOn) }
    }
}
