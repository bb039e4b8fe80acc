import Persons
import PersonsShow
import PureLive

extension LivePart where State == Roger, Input == Switches, Component == SwitchesView {
    /// The switches every screen shows, as a live part: they read the switches, and their form
    /// comes back to `back`.
    ///
    /// ```swift
    /// let switches = LivePart.switches(back: SitePath.home)
    /// ```
    static func switches(back: String) -> Self {
        LivePart(reads: \Roger.field) { SwitchesView(isRegion: $0.isRegion, isUsername: $0.isUsername, back: back) }
    }
}
