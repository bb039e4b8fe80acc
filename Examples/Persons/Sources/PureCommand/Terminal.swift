import Foundation

/// Lines for the terminal. Every line goes through ``safe(_:)``: names, ids and messages come
/// from outside (the API, the database file), and a control character in them must be shown,
/// never obeyed (`ESC ]0;title BEL` would set the window title, `ESC [2J` clear the screen).
enum Terminal {
    /// Prints `line` on standard output.
    static func print(_ line: String) {
        FileHandle.standardOutput.write(Data((safe(line) + "\n").utf8))
    }

    /// Prints `line` on standard error.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((safe(line) + "\n").utf8))
    }

    /// `text` with every control character (C0, DEL, C1) and every bidirectional control
    /// written out as `\u{…}`.
    static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.properties.isBidiControl
    }
}
