import Persons

/// What the switches on every screen do: flip one, everywhere.
final class SwitchesViewModel: Sendable {
    private let service: any Serving

    init(_ service: any Serving) {
        self.service = service
    }

    /// Sets the switches the form gave, in its order; each returns once the list follows it.
    func apply(_ form: SwitchesForm) async throws(Fizzle) {
        for (name, isOn) in form.settings {
            try await action(for: name)(isOn)
        }
    }

    /// The use case that flips the switch `name`.
    private func action(for name: Switches.Name) -> @Sendable (Bool) async throws(Fizzle) -> Void {
        switch name {
        case .isRegion: service.applyRegionAction
        case .isUsername: service.applyUsernameAction
        }
    }
}
