/// A stateless piece of HTML: a plain value and the mustache template that renders it, which
/// reads the value's fields through its table (``ShowFields``).
///
/// Templates only ever use `{{name}}`, which escapes `& < > " '`, so every piece of data is
/// escaped, in text and in attributes alike (a test keeps unescaped tags out).
///
/// ```swift
/// struct Badge: ShowComponent {
///     static let templateName = "badge"
///     static let template = "<span class=\"badge\">{{text}}</span>"
///     static let fields: [String: @Sendable (Self) -> Any?] = ["text": \.text]
///     let text: String
/// }
/// let html = Shows.render(Badge(text: "<b>"))   // <span class="badge">&lt;b&gt;</span>
/// ```
public protocol ShowComponent: ShowFields {
    /// The name other templates include it by (`{{> name}}`).
    static var templateName: String { get }
    /// The mustache template.
    static var template: String { get }
}
