import Pure

extension JSONState {
    /// One place where two states differ: where (by member and row), and the value before and
    /// after, `nil` where there was none. What an exported test writes a step from
    /// (`$0.field.isRegion = false`), and what a step that failed names.
    ///
    /// ```swift
    /// let changes = JSONState.changes(from: try JSONValue(parsing: #"{"a":1}"#), to: try JSONValue(parsing: #"{"a":2}"#))
    /// changes[0].statement(on: "$0")   // $0.a = 2
    /// ```
    public struct Change: Sendable, Equatable, CustomStringConvertible {
        /// A step into a value: an object's member or an array's row.
        public enum Step: Sendable, Equatable {
            /// The member of this key.
            case member(String)
            /// The row at this index.
            case row(Int)
        }

        /// Where the change is, from the state's root.
        public let path: [Step]
        /// The value before; `nil` where there was none.
        public let old: JSONValue?
        /// The value after; `nil` where there is none now.
        public let new: JSONValue?

        /// The place as Swift from `root`: `$0.field.isRegion`, `$0.sync["_0"]`, `$0.rows[2]`.
        public func place(on root: String) -> String {
            path.reduce(root) { place, step in
                switch step {
                case .row(let index): "\(place)[\(index)]"
                case .member(let key) where JSONState.isName(key): "\(place).\(key)"
                case .member(let key): "\(place)[\(key.recordedSource)]"
                }
            }
        }

        /// The change as a Swift statement on `root`: `$0.a.b = 2`, or `$0.a.remove("b")` for a
        /// member that went. The value is written by `value`, a literal unless told otherwise.
        public func statement(on root: String, value: (JSONValue) -> String = JSONState.literal) -> String {
            guard let new else {
                guard case .member(let key)? = path.last else { return "\(place(on: root)) = nil" }
                let parent = Change(path: Array(path.dropLast()), old: nil, new: nil)
                return "\(parent.place(on: root)).remove(\(key.recordedSource))"
            }
            return "\(place(on: root)) = \(value(new))"
        }

        /// The place as a path, for people: members joined by dots, rows by their index
        /// (`field.isRegion`, `sync._0`, `rows[2]`); `(the state)` for the root.
        public var location: String {
            let text = path.enumerated().map { offset, step in
                switch step {
                case .row(let index): "[\(index)]"
                case .member(let key): offset == 0 ? key : "." + key
                }
            }.joined()
            return text.isEmpty ? "(the state)" : text
        }

        /// `location: old -> new`, each value as JSON, `(none)` where there is none.
        public var description: String {
            "\(location): \(old?.description ?? "(none)") -> \(new?.description ?? "(none)")"
        }
    }

    /// Where `new` differs from `old`, place by place: each member of an object that was not
    /// empty and each row of an array that kept its length compared on its own, in the order of
    /// the keys and rows; anything else (an object filled, an array grown) changed whole.
    public static func changes(from old: JSONValue, to new: JSONValue) -> [Change] {
        var changes: [Change] = []
        compare(old, new, at: [], into: &changes)
        return changes
    }

    private static func compare(
        _ old: JSONValue?, _ new: JSONValue?, at path: [Change.Step], into changes: inout [Change]
    ) {
        guard old != new else { return }
        switch (old, new) {
        case (.object(let before)?, .object(let after)?) where !before.isEmpty:
            for key in Set(before.keys).union(after.keys).sorted() {
                compare(before[key], after[key], at: path + [.member(key)], into: &changes)
            }
        case (.array(let before)?, .array(let after)?) where before.count == after.count:
            for index in before.indices {
                compare(before[index], after[index], at: path + [.row(index)], into: &changes)
            }
        default:
            changes.append(Change(path: path, old: old, new: new))
        }
    }

    /// `json` as a Swift literal of this type: `nil` for `null`, `[:]` for an empty object,
    /// keys sorted.
    ///
    /// ```swift
    /// JSONState.literal(try JSONValue(parsing: #"{"b":[1.5,null],"a":"x"}"#))   // ["a": "x", "b": [1.5, nil]]
    /// ```
    public static func literal(_ json: JSONValue) -> String {
        switch json {
        case .null: "nil"
        case .bool, .number: json.description
        case .string(let text): text.recordedSource
        case .array(let rows): "[" + rows.map(literal).joined(separator: ", ") + "]"
        case .object(let members) where members.isEmpty: "[:]"
        case .object(let members):
            "["
                + members.sorted { $0.key < $1.key }.map { "\($0.key.recordedSource): \(literal($0.value))" }
                .joined(separator: ", ") + "]"
        }
    }

    /// Whether `key` can be written as a member (`state.key`): a plain Swift name, not a keyword
    /// and not one of this type's own.
    static func isName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
            && !keywords.contains(key) && !ownNames.contains(key)
    }

    /// Swift's keywords, which a member cannot be named as without backticks.
    private static let keywords: Set<String> = [
        "as", "associatedtype", "async", "await", "break", "case", "catch", "class", "continue", "default", "defer",
        "deinit", "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard",
        "if", "import", "in", "init", "inout", "internal", "is", "let", "nil", "open", "operator", "private",
        "protocol", "public", "repeat", "rethrows", "return", "self", "Self", "static", "struct", "subscript",
        "super", "switch", "throw", "throws", "true", "try", "Type", "typealias", "var", "where", "while", "Any",
        "Protocol",
    ]
}
