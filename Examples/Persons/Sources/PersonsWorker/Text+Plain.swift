// Text from outside, made plain once where it comes in.

extension String {
    /// The text with each control character a space, trimmed of white space: how text from
    /// outside (the directory, an address book) comes in.
    var plain: String {
        // Control characters in UTF-8: bytes below 0x20, 0x7F, and 0xC2 0x80...0x9F (C1).
        var previous: UInt8 = 0
        let hasControls = utf8.contains { byte in
            defer { previous = byte }
            return byte < 0x20 || byte == 0x7F || (previous == 0xC2 && (0x80..<0xA0).contains(byte))
        }
        guard hasControls else { return trimmedOfSpaces }
        let spaced = unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) }
        return String(spaced).trimmedOfSpaces
    }

    /// The text without leading and trailing white space, without going through `NSString`
    /// (slow on Linux, and this runs for every record downloaded).
    var trimmedOfSpaces: String {
        guard let first, let last, first.isWhitespace || last.isWhitespace else { return self }
        guard let start = firstIndex(where: { !$0.isWhitespace }), let end = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[start...end])
    }
}
