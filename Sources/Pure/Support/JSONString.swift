/// How the kit writes a string in JSON, without Foundation.
enum JSONString {
    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    static func literal(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}
