/// How one value of a state differs from another, path by path: what a use case changed.
///
/// Nested structs are followed field by field, optionals and enum payloads are looked into,
/// and collections are compared row by row, so a change reads as a path with its old and new
/// value. Long values and collections are described briefly (`37 items`), and after ``limit``
/// changes the rest are only counted.
///
/// ```swift
/// struct Field: Equatable { var isRegion = true; var names = ["Ada", "Ben"] }
/// var after = Field()
/// after.isRegion = false
/// after.names.append("Cy")
/// print(StateDifference(from: Field(), to: after))
/// // isRegion: true -> false
/// // names: 2 items -> 3 items
/// // names[2]: (absent) -> "Cy"
/// ```
///
/// It is computed when it is created, by reflection, so create it only when someone looks:
/// a ``JournalEntry`` makes its own on demand with ``JournalEntry/difference``.
public struct StateDifference: Sendable, Equatable, CustomStringConvertible {
    /// One changed place: its path from the root (`field.isRegion`, `query.metas[3].name`,
    /// empty for the root itself) and short descriptions of the value before and after.
    public struct Change: Sendable, Equatable, CustomStringConvertible {
        /// Where in the value: field names joined by dots, `[n]` for rows, `(case)` for a payload.
        public let path: String
        /// The value before, described briefly.
        public let old: String
        /// The value after, described briefly.
        public let new: String

        /// Creates a change at `path` from `old` to `new`.
        public init(path: String, old: String, new: String) {
            self.path = path
            self.old = old
            self.new = new
        }

        /// `path: old -> new`, for example `field.isRegion: true -> false`.
        public var description: String {
            "\(path.isEmpty ? "(the value)" : path): \(old) -> \(new)"
        }
    }

    /// How many changes are listed at most; those past it are counted in ``omitted``.
    public static let limit = 50

    /// The changes, in the order of the value's fields and rows.
    public let changes: [Change]
    /// How many more changes there were past ``limit``.
    public let omitted: Int

    /// Compares `old` with `new`.
    public init<Value>(from old: Value, to new: Value) {
        var walker = DifferenceWalker(limit: Self.limit)
        walker.compare(old, new, at: "")
        changes = walker.changes
        omitted = walker.omitted
    }

    /// Whether the two values are the same.
    public var isEmpty: Bool { changes.isEmpty }

    /// One line per change, then how many were left out.
    public var description: String {
        let lines = changes.map(\.description)
        return (omitted > 0 ? lines + ["… and \(omitted) more"] : lines).joined(separator: "\n")
    }
}
