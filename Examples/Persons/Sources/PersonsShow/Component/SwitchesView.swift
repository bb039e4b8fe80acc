import Mustache

/// The display switches, as buttons that post the flipped value. On every screen.
///
/// ```swift
/// Shows.render(SwitchesView(switches: [.init(name: "isRegion", label: "Region", isOn: true)], back: "/"))
/// ```
public struct SwitchesView: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = ["switches": \.switches, "back": \.back]

    /// The partial name, and the id of the root element.
    public static let templateName = "switches"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <form id="switches" class="switches" method="post" action="\(SitePath.switches)" data-live>
        <input type="hidden" name="back" value="{{back}}">
        {{#switches}}<button type="submit" name="{{name}}" value="{{next}}" aria-pressed="{{isOn}}" class="switch">{{label}}</button>
        {{/switches}}</form>
        """

    /// One switch: the form field it posts, its label, and whether it is on.
    public struct Switch: Equatable, Sendable, ShowFields {
        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = [
            "name": \.name, "label": \.label, "isOn": \.isOn, "next": \.next,
        ]

        let name: String
        let label: String
        let isOn: Bool
        let next: Bool

        /// The switch posted as `name`, shown as `label`.
        public init(name: String, label: String, isOn: Bool) {
            self.name = name
            self.label = label
            self.isOn = isOn
            next = !isOn
        }
    }

    let switches: [Switch]
    let back: String

    /// The `switches` in order, and the local page to come back to after flipping one.
    public init(switches: [Switch], back: String) {
        self.switches = switches
        self.back = back
    }
}
