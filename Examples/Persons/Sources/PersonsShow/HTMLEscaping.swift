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
        guard text.utf8.contains(where: Self.isSpecial) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): escaped.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): escaped.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): escaped.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): escaped.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): escaped.append(contentsOf: "&#39;".utf8)
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func isSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: false
        }
    }
}
