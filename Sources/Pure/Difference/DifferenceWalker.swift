/// Walks two values of one type side by side with `Mirror`, collecting where they differ:
/// the engine of ``StateDifference``.
struct DifferenceWalker {
    /// How many rows of one collection are compared one by one; longer edits are only counted.
    static let rowLimit = 5

    let limit: Int
    private(set) var changes: [StateDifference.Change] = []
    private(set) var omitted = 0

    init(limit: Int) {
        self.limit = limit
    }

    mutating func compare(_ old: Any, _ new: Any, at path: String) {
        if areEqual(old, new) == true { return }
        let before = Mirror(reflecting: old)
        let after = Mirror(reflecting: new)
        guard type(of: old) == type(of: new), before.displayStyle == after.displayStyle else {
            return record(path, old, new)
        }
        switch before.displayStyle {
        case .optional:
            compareOptionals(before, after, old, new, at: path)
        case .struct, .class, .tuple:
            compareFields(before, after, old, new, at: path)
        case .enum:
            compareCases(before, after, old, new, at: path)
        case .collection:
            compareRows(Array(before.children.map(\.value)), Array(after.children.map(\.value)), at: path)
        case .dictionary:
            compareKeyed(before, after, at: path)
        default:
            record(path, old, new)
        }
    }

    // MARK: - By shape

    private mutating func compareOptionals(_ before: Mirror, _ after: Mirror, _ old: Any, _ new: Any, at path: String) {
        guard let wrappedOld = before.children.first?.value, let wrappedNew = after.children.first?.value else {
            return record(path, old, new)
        }
        compare(wrappedOld, wrappedNew, at: path)
    }

    private mutating func compareFields(_ before: Mirror, _ after: Mirror, _ old: Any, _ new: Any, at path: String) {
        let fieldsBefore = Array(before.children)
        let fieldsAfter = Array(after.children)
        guard !fieldsBefore.isEmpty, fieldsBefore.count == fieldsAfter.count else { return record(path, old, new) }
        for (index, (field, other)) in zip(fieldsBefore, fieldsAfter).enumerated() {
            let name = (field.label ?? "\(index)").trimmingPrefix(".")
            compare(field.value, other.value, at: path.isEmpty ? String(name) : "\(path).\(name)")
        }
    }

    /// The same case: its payloads are compared; another case: the whole value changed.
    private mutating func compareCases(_ before: Mirror, _ after: Mirror, _ old: Any, _ new: Any, at path: String) {
        guard let payload = before.children.first, let other = after.children.first, payload.label == other.label
        else { return record(path, old, new) }
        compare(payload.value, other.value, at: "\(path)(\(payload.label ?? ""))")
    }

    /// Rows kept at both ends are skipped; what lies between was removed, inserted or changed.
    private mutating func compareRows(_ old: [Any], _ new: [Any], at path: String) {
        var start = 0
        while start < old.count, start < new.count, areEqual(old[start], new[start]) == true { start += 1 }
        var endOld = old.count
        var endNew = new.count
        while endOld > start, endNew > start, areEqual(old[endOld - 1], new[endNew - 1]) == true {
            endOld -= 1
            endNew -= 1
        }
        if old.count != new.count { record(path, Self.count(old.count), Self.count(new.count)) }
        let removed = endOld - start
        let inserted = endNew - start
        if removed == inserted, removed <= Self.rowLimit {
            for row in start..<endOld { compare(old[row], new[row], at: "\(path)[\(row)]") }
        } else if removed + inserted <= Self.rowLimit {
            for row in start..<endOld { record("\(path)[\(row)]", describe(old[row]), "(absent)") }
            for row in start..<endNew { record("\(path)[\(row)]", "(absent)", describe(new[row])) }
        } else if old.count == new.count {
            record("\(path)[\(start)..<\(endOld)]", Self.count(removed), "\(removed) others")
        }
    }

    /// Entries matched by the description of their keys.
    private mutating func compareKeyed(_ before: Mirror, _ after: Mirror, at path: String) {
        let old = Self.entries(before)
        let new = Self.entries(after)
        let newKeys = Dictionary(new.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let oldKeys = Dictionary(old.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        for (key, value) in old {
            if let other = newKeys[key] {
                compare(value, other, at: "\(path)[\(key)]")
            } else {
                record("\(path)[\(key)]", describe(value), "(absent)")
            }
        }
        for (key, value) in new where oldKeys[key] == nil {
            record("\(path)[\(key)]", "(absent)", describe(value))
        }
    }

    // MARK: - Recording

    private mutating func record(_ path: String, _ old: Any, _ new: Any) {
        record(path, describe(old), describe(new))
    }

    private mutating func record(_ path: String, _ old: String, _ new: String) {
        guard changes.count < limit else {
            omitted += 1
            return
        }
        changes.append(StateDifference.Change(path: path, old: old, new: new))
    }

    /// Dictionary entries as (description of the key, value), sorted by key for a stable order.
    private static func entries(_ mirror: Mirror) -> [(key: String, value: Any)] {
        mirror.children.compactMap { child -> (key: String, value: Any)? in
            let pair = Array(Mirror(reflecting: child.value).children)
            guard pair.count == 2 else { return nil }
            return (describe(pair[0].value), pair[1].value)
        }
        .sorted { $0.key < $1.key }
    }

    private static func count(_ count: Int) -> String {
        count == 1 ? "1 item" : "\(count) items"
    }
}

/// A short, one-line, control-free description of a value: strings quoted and escaped,
/// collections by their size, `nil` for an empty optional, anything else cut at 80 characters.
/// PureReplay names a scene's key with it.
@_spi(Replay) public func describe(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
        guard let wrapped = mirror.children.first?.value else { return "nil" }
        return describe(wrapped)
    case .collection, .set, .dictionary:
        return mirror.children.count == 1 ? "1 item" : "\(mirror.children.count) items"
    default:
        let text = (value as? String)?.debugDescription ?? String(describing: value)
        let visible = String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
        return visible.count > 80 ? visible.prefix(79) + "…" : visible
    }
}

/// Whether two values are equal, when their type is `Equatable`; `nil` when it is not.
func areEqual(_ old: Any, _ new: Any) -> Bool? {
    guard let old = old as? any Equatable else { return nil }
    return old.isEqual(to: new)
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
