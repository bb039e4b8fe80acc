import Mustache

/// The search box: people with a word of the name, or the username, starting with the text.
///
/// ```swift
/// Shows.render(SearchView(text: "ad"))
/// ```
public struct SearchView: ShowComponent, Equatable {
    /// The partial name, and the id of the root element.
    public static let templateName = "search"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <form id="search" class="search" method="post" action="\(SitePath.search)" role="search" data-live>
        <input type="search" name="q" value="{{text}}" maxlength="100" placeholder="A name or username…" aria-label="Search names and usernames">
        <button type="submit">Search</button>
        </form>
        """

    let text: String

    /// The search box showing `text`.
    public init(text: String) {
        self.text = text
    }
}

extension SearchView: ShowFields {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = ["text": \.text]
}
