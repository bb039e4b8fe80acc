/// How the kit writes text as a literal, without Foundation: quotes, backslashes and control
/// characters escaped, each literal (JSON, Swift) writing a code point its own way.
enum Quoted {
    /// `text` as a JSON string literal (`\u001b` for a control character).
    static func json(_ text: String) -> String {
        escaped(text) { value in
            let hex = String(value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }

    /// `text` between quotes, with `"`, `\`, newlines, returns and tabs escaped, and every other
    /// control character (C0, DEL, C1) written by `codePoint`.
    static func escaped(_ text: String, codePoint: (UInt32) -> String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value):
                literal += codePoint(scalar.value)
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}
