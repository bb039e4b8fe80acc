import Foundation

/// Finds, without decoding them, where each record of an API answer is: the byte ranges of the
/// elements of the top-level `results` array, or the top-level `error` message. This lets
/// records be decoded in chunks, while earlier chunks are already being stored.
///
/// A scanner of JSON structure only (strings, nesting); the records themselves are checked when
/// they are decoded.
struct RandomUserSplitter {
    /// What the top level of the answer holds.
    enum Outline {
        case records([Range<Int>])
        case error(String)
    }

    private let bytes: [UInt8]
    private var position = 0

    private init(_ data: Data) {
        bytes = [UInt8](data)
    }

    static func outline(of data: Data) throws(RandomUserFailure) -> Outline {
        var splitter = RandomUserSplitter(data)
        guard let outline = splitter.topLevel() else {
            throw .undecodable(detail: "not an answer of the API (byte \(splitter.position) of \(data.count))")
        }
        return outline
    }

    // MARK: - Top level

    private mutating func topLevel() -> Outline? {
        // A UTF-8 byte order mark before the JSON is allowed, and ignored.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        guard consume(UInt8(ascii: "{")) else { return nil }
        var records: [Range<Int>]?
        var error: String?
        if !consume(UInt8(ascii: "}")) {
            repeat {
                guard let key = string(), consume(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                switch key {
                case "results" where peek == UInt8(ascii: "["):
                    guard let elements = arrayElements() else { return nil }
                    records = elements
                case "error":
                    guard let text = string() else { return nil }
                    error = text
                default:
                    guard skipValue() else { return nil }
                }
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "}")) else { return nil }
        }
        skipSpace()
        guard position == bytes.count else { return nil }
        if let error { return .error(error) }
        return records.map(Outline.records)
    }

    private mutating func arrayElements() -> [Range<Int>]? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        var elements: [Range<Int>] = []
        if consume(UInt8(ascii: "]")) { return elements }
        repeat {
            skipSpace()
            let start = position
            guard skipValue() else { return nil }
            elements.append(start..<position)
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]")) ? elements : nil
    }

    // MARK: - Values

    /// Skips one value: a string, a nested object or array, or a bare literal.
    private mutating func skipValue() -> Bool {
        skipSpace()
        guard let first = peek else { return false }
        switch first {
        case UInt8(ascii: "\""):
            return skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while let byte = peek {
                switch byte {
                case UInt8(ascii: "\""):
                    guard skipString() else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                default:
                    break
                }
                position += 1
                if depth == 0 { return true }
            }
            return false
        default:
            let start = position
            while let byte = peek, !Self.isDelimiter(byte) { position += 1 }
            return position > start
        }
    }

    /// Reads a string and returns its text, escapes resolved.
    private mutating func string() -> String? {
        skipSpace()
        let start = position
        guard skipString() else { return nil }
        return try? JSONDecoder().decode(String.self, from: Data(bytes[start..<position]))
    }

    private mutating func skipString() -> Bool {
        guard peek == UInt8(ascii: "\"") else { return false }
        position += 1
        while let byte = peek {
            position += 1
            if byte == UInt8(ascii: "\\") {
                position += 1
            } else if byte == UInt8(ascii: "\"") {
                return position <= bytes.count
            }
        }
        return false
    }

    // MARK: - Bytes

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        skipSpace()
        guard peek == byte else { return false }
        position += 1
        return true
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == 0x20
            || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
