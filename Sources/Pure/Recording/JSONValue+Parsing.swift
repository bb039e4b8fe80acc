extension JSONValue {
    /// What is wrong with a text that should be JSON: where, and what was expected there.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The offset in UTF-8 bytes where reading stopped.
        public let offset: Int
        /// What was expected there.
        public let expected: String

        /// `expected <what> at byte <offset>`.
        public var description: String { "expected \(expected) at byte \(offset)" }
    }

    /// How deep arrays and objects may nest: deeper text is refused, not followed.
    public static let depthLimit = 256

    /// Reads one JSON value from `text`, which must hold nothing else but spaces.
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: #"{"search":"ad"}"#)
    /// value["search"]?.string   // "ad"
    /// ```
    public init(parsing text: String) throws(ParseError) {
        var reader = JSONReader(bytes: Array(text.utf8))
        self = try reader.value(depth: 0)
        reader.skipSpaces()
        guard reader.index == reader.bytes.count else { throw reader.error("the end of the text") }
    }

    /// The member `key` of an object; `nil` for anything else.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The text of a string; `nil` for anything else.
    public var string: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The value of a number that is a whole `Int`; `nil` for anything else.
    public var int: Int? {
        guard case .number(let number) = self, number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    /// The value of a boolean; `nil` for anything else.
    public var bool: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The rows of an array; `nil` for anything else.
    public var array: [JSONValue]? {
        if case .array(let rows) = self { rows } else { nil }
    }
}

/// Reads JSON byte by byte, as RFC 8259 writes it.
private struct JSONReader {
    let bytes: [UInt8]
    var index = 0

    func error(_ expected: String) -> JSONValue.ParseError {
        JSONValue.ParseError(offset: index, expected: expected)
    }

    mutating func skipSpaces() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        skipSpaces()
        guard index < bytes.count else { throw error("a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try word("true", .bool(true))
        case UInt8(ascii: "f"): return try word("false", .bool(false))
        case UInt8(ascii: "n"): return try word("null", .null)
        default: return try number()
        }
    }

    private mutating func word(_ word: String, _ value: JSONValue) throws(JSONValue.ParseError) -> JSONValue {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected
        else { throw error(word) }
        index += expected.count
        return value
    }

    private mutating func object(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        guard depth <= JSONValue.depthLimit else { throw error("at most \(JSONValue.depthLimit) levels") }
        index += 1
        var members: [String: JSONValue] = [:]
        skipSpaces()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("a member's name") }
            let key = try string()
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("':'") }
            index += 1
            members[key] = try value(depth: depth)
            skipSpaces()
            guard index < bytes.count else { throw error("',' or '}'") }
            index += 1
            if bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
            guard bytes[index - 1] == UInt8(ascii: ",") else { throw error("',' or '}'") }
        }
    }

    private mutating func array(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        guard depth <= JSONValue.depthLimit else { throw error("at most \(JSONValue.depthLimit) levels") }
        index += 1
        var rows: [JSONValue] = []
        skipSpaces()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(rows)
        }
        while true {
            rows.append(try value(depth: depth))
            skipSpaces()
            guard index < bytes.count else { throw error("',' or ']'") }
            index += 1
            if bytes[index - 1] == UInt8(ascii: "]") { return .array(rows) }
            guard bytes[index - 1] == UInt8(ascii: ",") else { throw error("',' or ']'") }
        }
    }

    private mutating func number() throws(JSONValue.ParseError) -> JSONValue {
        let start = index
        while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
        guard index > start, let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)),
            number.isFinite
        else {
            index = start
            throw error("a value")
        }
        return .number(number)
    }

    private mutating func string() throws(JSONValue.ParseError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ bytes: ArraySlice<UInt8>) {
            scalars.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(bytes[run..<index])
                index += 1
                return String(scalars)
            }
            guard byte >= 0x20 else { throw error("no control character in a string") }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            flush(bytes[run..<index])
            index += 1
            guard index < bytes.count else { break }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(escaped))
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"): scalars.append(try escapedScalar())
            default: throw error("an escape")
            }
            run = index
        }
        throw error("the end of the string")
    }

    /// The scalar of `\uXXXX` (the `\u` read), joining a surrogate pair; a lone surrogate reads
    /// as U+FFFD.
    private mutating func escapedScalar() throws(JSONValue.ParseError) -> Unicode.Scalar {
        let high = try hex4()
        guard (0xD800..<0xDC00).contains(high) else { return Unicode.Scalar(high) ?? "\u{FFFD}" }
        guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        else { return "\u{FFFD}" }
        index += 2
        let low = try hex4()
        guard (0xDC00..<0xE000).contains(low) else {
            index -= 6  // not a pair: the second escape is read on its own
            return "\u{FFFD}"
        }
        return Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00)) ?? "\u{FFFD}"
    }

    private mutating func hex4() throws(JSONValue.ParseError) -> UInt32 {
        guard bytes.count - index >= 4,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw error("four hexadecimal digits") }
        index += 4
        return value
    }
}
