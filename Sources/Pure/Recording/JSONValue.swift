#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A JSON value, as the journal records a use case's arguments, results and states: written
/// with its keys sorted, so the same value always reads the same, and read back from a journal
/// file with `init(parsing:)` (PureReplay). Encoding and reading are the toolchain's `JSONEncoder` and
/// `JSONDecoder` (FoundationEssentials on Linux, Foundation on Apple platforms).
///
/// ```swift
/// let value = try JSONValue(encoding: ["b": 2, "a": 1])
/// print(value)   // {"a":1,"b":2}
/// ```
public enum JSONValue: Sendable, Equatable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// `value` as JSON: what `JSONEncoder` writes. Numbers are kept as `Double`, so an integer
    /// past 2^53 loses its last digits.
    ///
    /// ```swift
    /// try JSONValue(encoding: false)   // false
    /// ```
    public init(encoding value: some Encodable) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }
}

extension JSONValue: Codable {
    /// Reads whichever value the decoder holds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Writes the value as it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as JSON text on one line, keys sorted, every character that shows nothing
    /// escaped (so that the text shown, and a test written from it, holds no invisible code).
    public var description: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += Self.number(value)
        case .string(let value): text += Quoted.json(value)
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { text += "," }
                text += Quoted.json(key) + ":"
                members[key]?.write(to: &text)
            }
            text += "}"
        }
    }

    /// Whole numbers without a fraction (`3`, not `3.0`); what JSON cannot hold (infinity, NaN)
    /// as `null`.
    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
