import Mustache

/// The MOVE button, and what the last move said: its text or its error message.
///
/// ```swift
/// Shows.render(MoveView(action: "/people/p1/move", text: "LEGWING", isFailure: false))
/// ```
public struct MoveView: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "action": \.action, "isFailure": \.isFailure, "text": \.text,
    ]

    /// The partial name, and the id of the root element.
    public static let templateName = "move"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <section id="move" class="move">
        <form method="post" action="{{action}}" data-live data-fragment="move"><button type="submit">MOVE</button></form>
        {{#text}}<p class="{{#isFailure}}failure{{/isFailure}}{{^isFailure}}result{{/isFailure}}" role="status">{{text}}</p>{{/text}}
        </section>
        """

    let action: String
    let text: String?
    let isFailure: Bool

    /// The button posting to `action`, showing `text` from the last move if any.
    public init(action: String, text: String?, isFailure: Bool) {
        self.action = action
        self.text = text
        self.isFailure = isFailure
    }
}
