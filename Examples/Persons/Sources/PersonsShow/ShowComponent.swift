/// A stateless piece of HTML: a plain value and the mustache template that renders it.
///
/// Templates only ever use `{{name}}`, which escapes `& < > " '`, so every piece of data is
/// escaped, in text and in attributes alike (a test keeps unescaped tags out). Components also
/// answer their templates' lookups themselves (`MustacheParent`), a switch over the names the
/// template uses: rendering by reflection cost three times as much.
///
/// ```swift
/// struct Badge: ShowComponent {
///     static let templateName = "badge"
///     static let template = "<span class=\"badge\">{{text}}</span>"
///     let text: String
/// }
/// let html = Shows.render(Badge(text: "<b>"))   // <span class="badge">&lt;b&gt;</span>
/// ```
public protocol ShowComponent: Sendable {
    /// The name other templates include it by (`{{> name}}`).
    static var templateName: String { get }
    /// The mustache template.
    static var template: String { get }
}
