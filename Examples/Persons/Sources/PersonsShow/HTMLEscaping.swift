import Mustache

/// How every template escapes what `{{name}}` writes: `& < > " '` become `&amp; &lt; &gt; &quot;
/// &#39;`, each wherever it is.
///
/// Mustache's own HTML escaping looks at whole characters, so a quote followed by a combining
/// mark (`"\u{301}`, one character) passes unescaped, and ends the attribute it is in: a name
/// from an address book or a directory could then add attributes to the page. Here each byte is
/// looked at, and these five are ASCII, never part of another character's bytes. Text with none
/// of them (nearly all of it) is returned as it is, without a copy.
///
/// ```swift
/// HTMLEscaping().escapeText("\"\u{301} onclick=x")   // "&quot;\u{301} onclick=x"
/// ```
public struct HTMLEscaping: MustacheContentType {
    /// The name templates select it by (`{{% CONTENT_TYPE: PURE_HTML }}`); ``Shows`` selects it
    /// for every template.
    static let name = "PURE_HTML"

    /// The escaping.
    public init() {}

    /// Escapes `text` for HTML, in text and in quoted attributes alike.
    public func escapeText(_ text: String) -> String {
        guard text.utf8.contains(where: { Self.entity(for: $0) != nil }) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if let entity = Self.entity(for: byte) {
                escaped.append(contentsOf: entity.utf8)
            } else {
                escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// What `byte` is written as, if it is one of the five.
    private static func entity(for byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }
}
