/// What the database worker does with the switches: keeps them across launches. Part of
/// ``PersonDBWork``.
///
/// ```swift
/// try await db.saveSwitch(.isRegion, isOn: false)
/// ```
public protocol SwitchDBWork: Sendable {
    /// The persisted switches; a switch never saved keeps its default (`Switches()`).
    func readSwitches() async throws(Fizzle) -> Switches
    /// Persists one switch.
    func saveSwitch(_ name: Switches.Name, isOn: Bool) async throws(Fizzle)
}
