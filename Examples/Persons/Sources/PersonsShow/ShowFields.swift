import Mustache

/// A value whose template reads its fields by name: one table per type, each name the template
/// uses and the key path that reads it. The table answers mustache's lookups (`MustacheParent`)
/// without reflection, which cost three times as much, and without a hand-written case per field.
///
/// ```swift
/// struct Badge: ShowComponent {
///     static let templateName = "badge"
///     static let template = "<span class=\"badge\">{{text}}</span>"
///     static let fields: [String: @Sendable (Self) -> Any?] = ["text": \.text]
///     let text: String
/// }
/// ```
public protocol ShowFields: MustacheParent, Sendable {
    /// Each name the template uses, and how to read it: a key path (an optional that is `nil`
    /// reads as missing).
    static var fields: [String: @Sendable (Self) -> Any?] { get }
}

extension ShowFields {
    /// The value a template asks for by name, from ``fields``; `nil` for a name not there.
    public func child(named name: String) -> Any? {
        Self.fields[name].flatMap { read in read(self) }
    }
}
