import Mustache

/// The search form: a text that each word of a name or username starts, sent as the address of
/// the list it asks for (a `GET`: a search only changes what the page shows), with the filters,
/// the order and the button that stand after it (``SearchOptionsView``).
///
/// ```swift
/// Shows.render(SearchView(text: "ad"))
/// ```
public struct SearchView: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = ["text": \.text]

    /// The partial name, and the id of the root element.
    public static let templateName = "search"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <form id="search" class="search-text" method="get" action="\(SitePath.home)" data-live-patch>
        <input type="search" name="q" value="{{text}}" maxlength="100" placeholder="A name or username…" aria-label="Search names and usernames">
        </form>
        """

    let text: String

    /// The search form showing `text`.
    public init(text: String) {
        self.text = text
    }
}
