/// The two display switches every screen obeys, persisted with the people.
///
/// ```swift
/// var switches = Switches()
/// switches.isRegion = false     // lists stop grouping by region, details hide it
/// ```
public struct Switches: Equatable, Hashable, Sendable, Codable {
    /// Show a person's username instead of the name in lists.
    public var isUsername: Bool
    /// Group lists by region and show the region in details.
    public var isRegion: Bool

    /// Creates the switches; both are on by default.
    ///
    /// ```swift
    /// Switches(isUsername: false, isRegion: true)
    /// ```
    public init(isUsername: Bool = true, isRegion: Bool = true) {
        self.isUsername = isUsername
        self.isRegion = isRegion
    }

    /// One of the switches, by name: how they are persisted and posted, in the order screens
    /// show them.
    public enum Name: String, CaseIterable, CodingKey, Sendable {
        case isRegion
        case isUsername
    }

    /// The switch called `name`.
    ///
    /// ```swift
    /// switches[.isRegion] = false
    /// ```
    public subscript(name: Name) -> Bool {
        get {
            switch name {
            case .isUsername: isUsername
            case .isRegion: isRegion
            }
        }
        set {
            switch name {
            case .isUsername: isUsername = newValue
            case .isRegion: isRegion = newValue
            }
        }
    }
}
