import Pure

/// A state as JSON that a test step changes in place, the way an exported test
/// (``TestExport``) writes what a call did to the app state: by member, by key or by row, each
/// value a Swift literal.
///
/// ```swift
/// var state = JSONState(.object(["field": .object(["isRegion": .bool(true)])]))
/// state.field.isRegion = false
/// state.sys.counts["gender"] = ["female": 69]
/// state.json.description   // {"field":{"isRegion":false},"sys":{"counts":{"gender":{"female":69}}}}
/// ```
///
/// A member or key missing reads as `null`; setting one inside a missing object makes the
/// object. ``remove(_:)`` takes a member away (an optional that became `nil`), where `= nil`
/// sets JSON's `null`. A member named as one of this type's own (`json`, `remove`) or not a
/// plain Swift name is reached by its key: `state["json"]`, `state.sync["_0"]`.
@dynamicMemberLookup
public struct JSONState: Sendable, Equatable, CustomStringConvertible {
    /// The value as JSON.
    public private(set) var json: JSONValue

    /// The state `json`.
    public init(_ json: JSONValue) {
        self.json = json
    }

    /// The member `key`.
    public subscript(dynamicMember key: String) -> JSONState {
        get { self[key] }
        set { self[key] = newValue }
    }

    /// The member `key` of an object: `null` when missing. Set on anything but an object, it
    /// makes one holding just that member.
    public subscript(key: String) -> JSONState {
        get {
            guard case .object(let members) = json else { return nil }
            return members[key].map(JSONState.init) ?? nil
        }
        set {
            guard case .object(var members) = json else {
                json = .object([key: newValue.json])
                return
            }
            members[key] = newValue.json
            json = .object(members)
        }
    }

    /// The row `index` of an array: `null` past its end. Set at the end, it adds the row; past it,
    /// `null` rows up to it.
    public subscript(index: Int) -> JSONState {
        get {
            guard case .array(let rows) = json, rows.indices.contains(index) else { return nil }
            return JSONState(rows[index])
        }
        set {
            var rows: [JSONValue]
            if case .array(let existing) = json { rows = existing } else { rows = [] }
            guard index >= 0 else { return }
            while rows.count <= index { rows.append(.null) }
            rows[index] = newValue.json
            json = .array(rows)
        }
    }

    /// Takes the member `key` away, as an optional that became `nil` is left out of the JSON.
    public mutating func remove(_ key: String) {
        guard case .object(var members) = json else { return }
        members[key] = nil
        json = .object(members)
    }

    /// The value as JSON text.
    public var description: String { json.description }

    /// The names a member cannot be reached by, as `state.name`: this type's own.
    static let ownNames: Set<String> = ["json", "remove", "description"]
}

extension JSONState: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// JSON's `null`.
    public init(nilLiteral: ()) { json = .null }
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { json = .bool(value) }
    /// A whole number.
    public init(integerLiteral value: Int) { json = .number(Double(value)) }
    /// A number with a fraction.
    public init(floatLiteral value: Double) { json = .number(value) }
    /// A string.
    public init(stringLiteral value: String) { json = .string(value) }
    /// An array of these rows.
    public init(arrayLiteral rows: JSONState...) { json = .array(rows.map(\.json)) }
    /// An object of these members; of two with one key, the last.
    public init(dictionaryLiteral members: (String, JSONState)...) {
        json = .object(Dictionary(members.map { ($0.0, $0.1.json) }) { _, last in last })
    }
}
