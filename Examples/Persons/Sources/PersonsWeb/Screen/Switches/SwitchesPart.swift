import Persons
import PersonsShow
import PureLive

extension LivePart where State == Roger, Input == Switches, Component == SwitchesView {
    /// The switches every screen shows, one button per `Switches.Name`, as a live part: they
    /// read the switches, and their form comes back to `back`.
    ///
    /// ```swift
    /// let switches = LivePart.switches(back: SitePath.home)
    /// ```
    static func switches(back: String) -> Self {
        LivePart(reads: \Roger.field) { field in
            SwitchesView(
                switches: Switches.Name.allCases.map { name in
                    SwitchesView.Switch(name: name.rawValue, label: label(name), isOn: field[name])
                }, back: back)
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
