/// A JSON value, as the journal records a use case's arguments, results and states: written
/// with its keys sorted, so the same value always reads the same, and read back from a journal
/// file with ``init(parsing:)``.
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

    /// `value` as JSON: what `JSONEncoder` would write, keys sorted. Numbers are kept as
    /// `Double`, so an integer past 2^53 loses its last digits.
    ///
    /// ```swift
    /// try JSONValue(encoding: false)   // false
    /// ```
    public init(encoding value: some Encodable) throws {
        self = try JSONValueEncoder.encode(value)
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as JSON text on one line, keys sorted.
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
