import Persons
import PersonsShow
import PureLive

/// What the switches show: their values, and the page a flip comes back to.
struct SwitchesInput: Equatable, Sendable {
    let field: Switches
    let back: String
}

extension LivePart where Input == SwitchesInput, Component == SwitchesView {
    /// The switches every screen shows, one button per `Switches.Name`, as a live part: they
    /// show what `read` reads, and their form comes back to the page it names.
    ///
    /// ```swift
    /// let switches = LivePart.switches { (state: Roger) in SwitchesInput(field: state.field, back: SitePath.home) }
    /// ```
    static func switches(_ read: @escaping @Sendable (State) -> SwitchesInput) -> Self {
        LivePart(reads: read) { input in
            SwitchesView(
                switches: Switches.Name.allCases.map { name in
                    SwitchesView.Switch(name: name.rawValue, label: label(name), isOn: input.field[name])
                }, back: input.back)
        }
    }

    /// What a switch's button says.
    private static func label(_ name: Switches.Name) -> String {
        switch name {
        case .isRegion: "Region"
        case .isUsername: "Username"
        }
    }
}
