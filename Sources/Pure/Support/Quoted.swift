/// How the kit writes text as a literal: quotes, backslashes and characters that show nothing
/// escaped, each literal (JSON, Swift) writing a code point its own way.
enum Quoted {
    /// `text` as a JSON string literal (`\u001b` for a control character, a pair of surrogates
    /// past the first plane).
    static func json(_ text: String) -> String {
        escaped(text) { value in
            guard value > 0xFFFF else { return unit(value) }
            let offset = value - 0x10000
            return unit(0xD800 + (offset >> 10)) + unit(0xDC00 + (offset & 0x3FF))
        }
    }

    private static func unit(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `text` between quotes, with `"`, `\`, newlines, returns and tabs escaped, and every other
    /// character that shows nothing written by `codePoint`: controls (C0, DEL, C1), formats (such
    /// as the marks that reverse the direction of text), line and paragraph separators, private
    /// use and unassigned code points. What such a literal says is what it shows.
    static func escaped(_ text: String, codePoint: (UInt32) -> String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where showsNothing(scalar): literal += codePoint(scalar.value)
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// Whether `scalar` shows nothing of its own where it stands.
    private static func showsNothing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: true
        default: false
        }
    }
}
