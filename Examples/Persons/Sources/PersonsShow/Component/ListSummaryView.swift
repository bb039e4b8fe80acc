import Mustache

/// The head of the people list: how many match, why the list could not be read, and why it has
/// no rows. A part of its own, so that a change of the count alone (people stored elsewhere in
/// the list) re-renders these lines, not the rows.
///
/// ```swift
/// Shows.render(ListSummaryView(summary: "250 people", empty: nil, message: nil))
/// ```
public struct ListSummaryView: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "summary": \.summary, "emptyText": \.emptyText, "message": \.message,
    ]

    /// The partial name, and the id of the root element.
    public static let templateName = "summary"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <div id="summary" class="list-head">
        <p class="summary">{{summary}}</p>
        {{#message}}<p class="failure" role="alert">{{message}}</p>{{/message}}
        {{#emptyText}}<p class="empty">{{emptyText}}</p>{{/emptyText}}
        </div>
        """

    let summary: String
    let emptyText: String?
    let message: String?

    /// The `summary` line, why the list is `empty` (if it is), and `message` if the page could
    /// not be read.
    public init(summary: String, empty: String?, message: String?) {
        self.summary = summary
        emptyText = empty
        self.message = message
    }
}
