/// A value a journal can record as a use case's argument: encodable, so a journal file can
/// replay the call, and readable, so an exported test can write it as Swift.
///
/// `Bool`, the integers, `Double`, `String`, and optionals and arrays of recordable values are
/// recordable already. An app declares its own with the Swift that rebuilds the value:
///
/// ```swift
/// extension ListCriteria: Recordable {
///     public var recordedSource: String { "ListCriteria(search: \(search.recordedSource))" }
/// }
/// ListCriteria(search: "ad").recordedSource   // ListCriteria(search: "ad")
/// ```
public protocol Recordable: Encodable, Sendable {
    /// Swift source that rebuilds the value, as a test would write it.
    var recordedSource: String { get }
}

extension Bool: Recordable {
    /// `true` or `false`.
    public var recordedSource: String { description }
}

extension Int: Recordable {
    /// The number, as written in Swift.
    public var recordedSource: String { description }
}

extension Double: Recordable {
    /// The number, as written in Swift (`Double.infinity` and `Double.nan` by name).
    public var recordedSource: String {
        if isNaN { return "Double.nan" }
        if isInfinite { return self < 0 ? "-Double.infinity" : "Double.infinity" }
        return description
    }
}

extension String: Recordable {
    /// A string literal, with quotes, backslashes and control characters escaped.
    ///
    /// ```swift
    /// "say \"hi\"".recordedSource   // "say \"hi\""
    /// ```
    public var recordedSource: String {
        Quoted.escaped(self) { "\\u{\(String($0, radix: 16))}" }
    }
}

extension Optional: Recordable where Wrapped: Recordable {
    /// The wrapped value's source, or `nil`.
    public var recordedSource: String { map(\.recordedSource) ?? "nil" }
}

extension Array: Recordable where Element: Recordable {
    /// An array literal of the elements' sources.
    public var recordedSource: String { "[" + map(\.recordedSource).joined(separator: ", ") + "]" }
}
