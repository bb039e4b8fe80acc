import Mustache

/// The detail screen: the switches, a person's details and the MOVE button.
///
/// ```swift
/// let html = Shows.render(DetailPage(title: "Jane Roe", live: SitePath.person("p1"), switches: s, person: p, move: m))
/// ```
public struct DetailPage: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "head": \.head, "switches": \.switches, "person": \.person, "move": \.move,
    ]

    /// The partial name other templates include it by; its root element has no id.
    public static let templateName = "detail"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = PageView.frame(
        """
        <header class="bar"><a href="\(SitePath.home)" class="title">← People</a>{{#switches}}{{> switches}}{{/switches}}</header>
        <main>
        {{#person}}{{> person}}{{/person}}
        {{#move}}{{> move}}{{/move}}
        </main>
        """)

    let head: PageView
    let switches: SwitchesView
    let person: PersonDetailView
    let move: MoveView

    /// The page titled `title`, live at its address `live`, made of these parts.
    public init(title: String, live: String, switches: SwitchesView, person: PersonDetailView, move: MoveView) {
        head = PageView(title: title, live: live)
        self.switches = switches
        self.person = person
        self.move = move
    }
}
