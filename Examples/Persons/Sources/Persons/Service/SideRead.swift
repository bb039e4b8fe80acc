import Pure

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A read shown beside the lists: what the database answers for everyone, not for one list
/// (the counts the search form offers), kept in the app state at `path` and read with the open
/// lists whenever the stored people change. Declared once, in ``Roger/sideReads``: the Vessel reads
/// each, a journal records it with the state, and a replay (an exported test) answers it as
/// recorded for the call that read it, so a value that depends on people a test does not hold,
/// or on the day, is never computed again.
///
/// ```swift
/// SideRead(name: "counts", path: \.sys.counts) { db in try await db.countPeople() }
/// ```
public struct SideRead<Value: Codable & Equatable & Sendable>: SideReading {
    /// What the read is called in a recording.
    public let name: String
    /// Where the value is in the app state.
    public let path: WritableKeyPath<Roger, Value> & Sendable
    private let ask: @Sendable (any ListDBWork) async throws(Fizzle) -> Value

    /// The read `name`, putting what `query` answers at `path`.
    public init(
        name: String, path: WritableKeyPath<Roger, Value> & Sendable,
        query: @escaping @Sendable (any ListDBWork) async throws(Fizzle) -> Value
    ) {
        self.name = name
        self.path = path
        ask = query
    }

    /// The value, as `db` answers it (``ListDBWork/readSide(_:)``: a replay answers as recorded).
    public func read(with db: any ListDBWork) async throws(Fizzle) -> any Sendable {
        try await db.readSide(self)
    }

    /// The value, as the query asks `db` for it.
    public func query(_ db: any ListDBWork) async throws(Fizzle) -> any Sendable {
        try await ask(db)
    }

    /// Puts `value` at ``path`` in `state`, if it is one of this read's.
    public func put(_ value: any Sendable, in state: inout Roger) {
        guard let value = value as? Value else { return }
        state[keyPath: path] = value
    }

    /// The value at ``path`` in `state`, as JSON.
    public func value(in state: Roger) -> JSONValue? {
        try? JSONValue(encoding: state[keyPath: path])
    }

    /// The value `json` holds, if it is one of this read's.
    public func decoded(_ json: JSONValue) -> (any Sendable)? {
        try? JSONDecoder().decode(Value.self, from: Data(json.description.utf8))
    }
}

/// A ``SideRead`` whatever its value's type: what reads it, records it and answers it again.
public protocol SideReading: Sendable {
    /// What the read is called in a recording.
    var name: String { get }
    /// The value, as `db` answers it (``ListDBWork/readSide(_:)``: a replay answers as recorded).
    func read(with db: any ListDBWork) async throws(Fizzle) -> any Sendable
    /// The value, as the query asks `db` for it.
    func query(_ db: any ListDBWork) async throws(Fizzle) -> any Sendable
    /// Puts `value`, one this read answered, in `state`; anything else is left out.
    func put(_ value: any Sendable, in state: inout Roger)
    /// The value in `state`, as JSON, as a recording keeps it.
    func value(in state: Roger) -> JSONValue?
    /// A value kept as `json` by a recording; `nil` when it is not one of this read's.
    func decoded(_ json: JSONValue) -> (any Sendable)?
}
