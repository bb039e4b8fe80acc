import Mustache

/// A field changed both here and in the address book, on the person's page: both values, and a
/// button for each that posts the choice (`field`, and `keep` as `here` or `there`) to `action`.
///
/// ```swift
/// Shows.render(
///     ConflictView(
///         action: SitePath.conflict("p1"), field: "email", label: "Email", here: "a@home.example",
///         there: "a@work.example"))
/// ```
public struct ConflictView: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "action": \.action, "field": \.field, "label": \.label, "here": \.here, "there": \.there,
    ]

    /// The partial name other templates include it by; its root element has no id.
    public static let templateName = "conflict"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <form class="conflict" method="post" action="{{action}}" data-field="{{field}}">
        <input type="hidden" name="field" value="{{field}}">
        <p>{{label}} was changed here and in the address book. Which one is right?</p>
        <button type="submit" name="keep" value="here">Keep here: <q>{{here}}</q></button>
        <button type="submit" name="keep" value="there">Take the address book's: <q>{{there}}</q></button>
        </form>
        """

    let action: String
    let field: String
    let label: String
    let here: String
    let there: String

    /// The choice between `here` and `there` for the field named `field` (shown as `label`),
    /// posted to `action`; an empty value shows as "(empty)".
    public init(action: String, field: String, label: String, here: String, there: String) {
        self.action = action
        self.field = field
        self.label = label
        self.here = here.isEmpty ? Self.empty : here
        self.there = there.isEmpty ? Self.empty : there
    }

    private static let empty = "(empty)"
}
