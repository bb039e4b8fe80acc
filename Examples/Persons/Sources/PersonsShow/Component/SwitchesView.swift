import Mustache

/// The two display switches, as buttons that post the flipped value. On every screen.
///
/// ```swift
/// Shows.render(SwitchesView(isRegion: true, isUsername: false, back: "/"))
/// ```
public struct SwitchesView: ShowComponent, Equatable {
    /// The partial name, and the id of the root element.
    public static let templateName = "switches"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <form id="switches" class="switches" method="post" action="\(SitePath.switches)" data-live>
        <input type="hidden" name="back" value="{{back}}">
        <button type="submit" name="isRegion" value="{{regionNext}}" aria-pressed="{{isRegion}}" class="switch">Region</button>
        <button type="submit" name="isUsername" value="{{usernameNext}}" aria-pressed="{{isUsername}}" class="switch">Username</button>
        </form>
        """

    let isRegion: Bool
    let isUsername: Bool
    let back: String
    let regionNext: Bool
    let usernameNext: Bool

    /// The switches' states, and the local page to come back to after flipping one.
    public init(isRegion: Bool, isUsername: Bool, back: String) {
        self.isRegion = isRegion
        self.isUsername = isUsername
        self.back = back
        regionNext = !isRegion
        usernameNext = !isUsername
    }
}

extension SwitchesView: ShowFields {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "isRegion": \.isRegion, "isUsername": \.isUsername, "back": \.back, "regionNext": \.regionNext,
        "usernameNext": \.usernameNext,
    ]
}
