/// How a ``Stored`` picks its value out of the state: a key path, or a closure with an identity.
@usableFromInline
enum Selector<State, Value>: Sendable {
    case keyPath(KeyPath<State, Value> & Sendable)
    case closure(id: UInt64, select: @Sendable (State) -> Value)

    /// The value this selector picks from `state`.
    @inlinable func select(from state: State) -> Value {
        var state = state
        return select(reading: &state)
    }

    /// The value this selector picks from `state`, taken `inout` only to read it in place
    /// (see `Node.refresh(reading:)`); never changed.
    @inlinable func select(reading state: inout State) -> Value {
        switch self {
        case .keyPath(let keyPath): state[keyPath: keyPath]
        case .closure(_, let select): select(state)
        }
    }

    /// What makes two selectors the same selection: equal key paths, or the same closure id.
    @inlinable var key: SelectorKey {
        switch self {
        case .keyPath(let keyPath): SelectorKey(.keyPath(keyPath))
        case .closure(let id, _): SelectorKey(.closure(id))
        }
    }
}

/// The identity of a selection inside a store's registry.
///
/// Hashing a key path walks its components, so the hash is computed once, when the key is
/// made, and reused by every dictionary operation on it.
@usableFromInline
struct SelectorKey: Hashable {
    @usableFromInline
    enum Identity: Hashable {
        case keyPath(AnyKeyPath)
        case closure(UInt64)
    }

    @usableFromInline let identity: Identity
    @usableFromInline let hash: Int

    @inlinable init(_ identity: Identity) {
        self.identity = identity
        hash = identity.hashValue
    }

    /// Whether a selection with this key may be parked when nobody watches it: key paths
    /// capture nothing, while a closure may keep objects alive.
    @inlinable var isKeyPath: Bool {
        if case .keyPath = identity { true } else { false }
    }

    @inlinable static func == (lhs: SelectorKey, rhs: SelectorKey) -> Bool {
        lhs.hash == rhs.hash && lhs.identity == rhs.identity
    }

    @inlinable func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
