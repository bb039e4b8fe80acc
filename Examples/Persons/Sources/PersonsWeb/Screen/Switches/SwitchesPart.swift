import Persons
import PersonsShow
import PureLive

/// What the switches show: their values, and the page a flip comes back to.
struct SwitchesInput: Equatable, Sendable {
    /// The page a flip comes back to: one of a path, or a list's address (written when shown).
    enum Back: Equatable, Sendable {
        case page(String)
        case list(ListCriteria)

        var path: String {
            switch self {
            case .page(let path): path
            case .list(let criteria): ListAddress.path(criteria)
            }
        }
    }

    let field: Switches
    let back: Back
}

extension LivePart where Input == SwitchesInput, Component == SwitchesView {
    /// The switches every screen shows, one button per `Switches.Name`, as a live part: they
    /// show what `read` reads, and their form comes back to the page it names.
    ///
    /// ```swift
    /// let switches = LivePart.switches { (state: Roger) in SwitchesInput(field: state.field, back: .page(SitePath.home)) }
    /// ```
    static func switches(_ read: @escaping @Sendable (State) -> SwitchesInput) -> Self {
        LivePart(reads: read) { input in
            SwitchesView(
                switches: Switches.Name.allCases.map { name in
                    SwitchesView.Switch(name: name.rawValue, label: label(name), isOn: input.field[name])
                }, back: input.back.path)
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
