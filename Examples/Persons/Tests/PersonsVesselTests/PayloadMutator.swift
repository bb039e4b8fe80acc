import Foundation
import RandomUserFixtures

/// Makes answers of the randomuser API that are wrong in the ways real answers go wrong: wrong
/// types, nulls, missing fields, repeated ids, deep nesting, invalid UTF-8, a byte order mark,
/// trailing garbage, cuts, and bytes flipped at random. The same round and seed give the same
/// payload.
enum PayloadMutator {
    static func malformed(round: Int, using random: inout SplitMix64) -> Data {
        let generator = RandomUserGenerator(options: .init(seed: UInt64(round % 7 + 1)))
        var json = generator.payload(count: Int.random(in: 1...8, using: &random), start: round)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            json = textMutation(json, using: &random)
        }
        var bytes = Array(json.utf8)
        if Int.random(in: 0..<4, using: &random) == 0 {
            bytes = byteMutation(bytes, using: &random)
        }
        return Data(bytes)
    }

    private static let oddValues = [
        "42", "-1", "1e309", "true", "null", "[]", "{}", #""""#, #""\u0000""#, "[1,[2,[3]]]", #"{"x":{"y":null}}"#,
        "99999999999999999999999",
    ]

    private static let fields = [
        "gender", "name", "first", "last", "email", "login", "uuid", "username", "dob", "date", "age", "cell",
        "phone", "picture", "large", "nat", "results",
    ]

    /// One change to the JSON text.
    private static func textMutation(_ json: String, using random: inout SplitMix64) -> String {
        let field = fields.randomElement(using: &random) ?? "uuid"
        let odd = oddValues.randomElement(using: &random) ?? "null"
        switch Int.random(in: 0..<8, using: &random) {
        case 0:  // a field of the wrong type
            return replacingValue(of: field, in: json, with: odd)
        case 1:  // a field missing
            return json.replacingOccurrences(of: "\"\(field)\":", with: "\"_\(field)\":")
        case 2:  // every record twice: repeated ids
            guard let open = json.range(of: "[{"), let close = json.range(of: "}]", options: .backwards) else {
                return json
            }
            let records = json[open.lowerBound..<close.upperBound].dropFirst().dropLast()
            return json.replacingCharacters(in: open.lowerBound..<close.upperBound, with: "[\(records),\(records)]")
        case 3:  // nested deeper than any decoder goes
            let depth = Int.random(in: 100...5_000, using: &random)
            return replacingValue(
                of: field, in: json, with: String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        case 4:  // trailing garbage
            return json + (["x", "}", ",{}", "\u{0}", " null"].randomElement(using: &random) ?? "x")
        case 5:  // results that are not a list
            return json.replacingOccurrences(of: "\"results\":[", with: "\"results\":\(odd),\"_\":[")
        case 6:  // a control character or a NUL in an id
            return json.replacingOccurrences(of: "\"uuid\":\"", with: "\"uuid\":\"\\u0000")
        default:  // no records at all
            return #"{"results":[],"info":{"seed":"x"}}"#
        }
    }

    /// One change to the bytes: cut, invalid UTF-8, a byte order mark, a flipped byte.
    private static func byteMutation(_ bytes: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        guard !bytes.isEmpty else { return bytes }
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return Array(bytes[..<at])
        case 1: return Array(bytes[..<at]) + [0xC3, 0x28, 0xFF] + Array(bytes[at...])
        case 2: return [0xEF, 0xBB, 0xBF] + bytes
        default:
            var flipped = bytes
            flipped[at] ^= UInt8.random(in: 1...255, using: &random)
            return flipped
        }
    }

    /// `json` with the first value of `field` replaced by `value`: a string, a literal, or a
    /// whole object or array.
    private static func replacingValue(of field: String, in json: String, with value: String) -> String {
        guard let key = json.range(of: "\"\(field)\":") else { return json }
        let text = Array(json.utf8)
        let start = json.utf8.distance(from: json.utf8.startIndex, to: key.upperBound)
        var end = start
        var depth = 0
        var inString = false
        while end < text.count {
            let byte = text[end]
            end += 1
            if inString {
                if byte == UInt8(ascii: "\\") {
                    end += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { break }
                }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ",") {
                if depth == 0 {
                    end -= 1
                    break
                }
                if byte != UInt8(ascii: ",") {
                    depth -= 1
                    if depth == 0 { break }
                }
            }
        }
        let prefix = String(decoding: text[..<start], as: UTF8.self)
        let suffix = String(decoding: text[min(end, text.count)...], as: UTF8.self)
        return prefix + value + suffix
    }
}
