import Persons

/// What the switches on every screen do: flip one, everywhere.
final class SwitchesViewModel: Sendable {
    /// The use case that flips each switch, taken from the container once.
    private let actions: [Switches.Name: @Sendable (Bool) async throws(Fizzle) -> Void]

    init(_ service: any Serving) {
        actions = Dictionary(
            uniqueKeysWithValues: Switches.Name.allCases.map { ($0, Self.action(for: $0, in: service)) })
    }

    /// Sets the switches the form gave, in its order; each returns once the list follows it.
    func apply(_ form: SwitchesForm) async throws(Fizzle) {
        for (name, isOn) in form.settings {
            try await actions[name]?(isOn)
        }
    }

    /// The use case of `service` that flips the switch `name`.
    private static func action(
        for name: Switches.Name, in service: any Serving
    ) -> @Sendable (Bool) async throws(Fizzle) -> Void {
        switch name {
        case .isRegion: service.applyRegionAction
        case .isUsername: service.applyUsernameAction
        }
    }
}
