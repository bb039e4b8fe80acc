/// An `Encoder` that builds a ``JSONValue``: how the journal records what a use case was given
/// and returned, without Foundation. Containers write into shared boxes, so a nested container
/// still reaches its parent after the parent's container is gone.
struct JSONValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    fileprivate let box: Box

    /// `value` as a JSON value.
    static func encode(_ value: some Encodable) throws -> JSONValue {
        let box = Box()
        try value.encode(to: JSONValueEncoder(codingPath: [], box: box))
        return box.value
    }

    fileprivate init(codingPath: [any CodingKey], box: Box) {
        self.codingPath = codingPath
        self.box = box
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = box.node {} else { box.node = .object([:]) }
        return KeyedEncodingContainer(Keyed<Key>(codingPath: codingPath, box: box))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = box.node {} else { box.node = .array([]) }
        return Unkeyed(codingPath: codingPath, box: box)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(codingPath: codingPath, box: box)
    }
}

/// A value being built: a leaf, or members and rows that are boxes themselves until the end.
private final class Box {
    enum Node {
        case leaf(JSONValue)
        case object([String: Box])
        case array([Box])
    }

    var node = Node.leaf(.null)

    var value: JSONValue {
        switch node {
        case .leaf(let value): value
        case .object(let members): .object(members.mapValues(\.value))
        case .array(let rows): .array(rows.map(\.value))
        }
    }

    func member(_ key: String) -> Box {
        guard case .object(var members) = node else { return Box() }
        if let existing = members[key] { return existing }
        let box = Box()
        members[key] = box
        node = .object(members)
        return box
    }

    func appended() -> Box {
        guard case .array(var rows) = node else { return Box() }
        let box = Box()
        rows.append(box)
        node = .array(rows)
        return box
    }

    var count: Int {
        if case .array(let rows) = node { rows.count } else { 0 }
    }

    /// Encodes `value` into this box: plain values as leaves, anything else by its own
    /// `encode(to:)`.
    func encode(_ value: some Encodable, at path: [any CodingKey]) throws {
        switch value {
        case let value as Bool: node = .leaf(.bool(value))
        case let value as String: node = .leaf(.string(value))
        case let value as Double: node = .leaf(.number(value))
        case let value as Float: node = .leaf(.number(Double(value)))
        case let value as any BinaryInteger: node = .leaf(.number(Double(value)))
        default: try value.encode(to: JSONValueEncoder(codingPath: path, box: self))
        }
    }
}

private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let codingPath: [any CodingKey]
    let box: Box

    mutating func encodeNil(forKey key: Key) throws {
        box.member(key.stringValue).node = .leaf(.null)
    }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try box.member(key.stringValue).encode(value, at: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        JSONValueEncoder(codingPath: codingPath + [key], box: box.member(key.stringValue)).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        JSONValueEncoder(codingPath: codingPath + [key], box: box.member(key.stringValue)).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        JSONValueEncoder(codingPath: codingPath, box: box.member("super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        JSONValueEncoder(codingPath: codingPath + [key], box: box.member(key.stringValue))
    }
}

private struct Unkeyed: UnkeyedEncodingContainer {
    let codingPath: [any CodingKey]
    let box: Box

    var count: Int { box.count }

    mutating func encodeNil() throws {
        box.appended().node = .leaf(.null)
    }

    mutating func encode(_ value: some Encodable) throws {
        try box.appended().encode(value, at: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    )
        -> KeyedEncodingContainer<NestedKey>
    {
        JSONValueEncoder(codingPath: codingPath, box: box.appended()).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONValueEncoder(codingPath: codingPath, box: box.appended()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        JSONValueEncoder(codingPath: codingPath, box: box.appended())
    }
}

private struct Single: SingleValueEncodingContainer {
    let codingPath: [any CodingKey]
    let box: Box

    mutating func encodeNil() throws {
        box.node = .leaf(.null)
    }

    mutating func encode(_ value: some Encodable) throws {
        try box.encode(value, at: codingPath)
    }
}
