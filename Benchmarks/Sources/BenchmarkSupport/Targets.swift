/// The targets a benchmark checks, each beside the figure measured for it: printed as one table,
/// and the benchmark exits 0 exactly when every one is met.
///
/// ```swift
/// var targets = Targets()
/// targets.atMost("a page, p99", 0.42, 1, unit: "ms")
/// print(targets.table)      // | a page, p99 | 0.42 ms | < 1 ms | met |
/// exit(targets.allMet ? 0 : 1)
/// ```
public struct Targets: Sendable {
    private var rows: [(name: String, figure: String, target: String, isMet: Bool)] = []

    /// No targets yet.
    public init() {}

    /// Adds the targets `other` checked.
    public mutating func add(_ other: Targets) {
        rows += other.rows
    }

    /// Whether every target checked is met.
    public var allMet: Bool { rows.allSatisfy(\.isMet) }

    /// Checks that `figure` stays below `limit` (or at it, with `orEqual`).
    public mutating func atMost(
        _ name: String, _ figure: Double, _ limit: Double, unit: String, orEqual: Bool = false, digits: Int = 2
    ) {
        let isMet = orEqual ? figure <= limit : figure < limit
        let shown = { (value: Double) in format(value, digits) + (unit.isEmpty ? "" : " " + unit) }
        rows.append((name, shown(figure), (orEqual ? "<= " : "< ") + shown(limit), isMet))
    }

    /// Checks that `figure` reaches `limit` at least.
    public mutating func atLeast(_ name: String, _ figure: Double, _ limit: Double, unit: String = "", digits: Int = 2)
    {
        let shown = { (value: Double) in format(value, digits) + (unit.isEmpty ? "" : " " + unit) }
        rows.append((name, shown(figure), ">= " + shown(limit), figure >= limit))
    }

    /// The targets, each with its figure and whether it is met, then the verdict.
    public var table: String {
        var text = "## Targets\n\n| target | figure | limit | |\n|---|---:|---:|---|\n"
        for row in rows {
            text += "| \(row.name) | \(row.figure) | \(row.target) | \(row.isMet ? "met" : "MISSED") |\n"
        }
        let missed = rows.filter { !$0.isMet }.count
        return text
            + (missed == 0 ? "\nAll \(rows.count) targets met.\n" : "\n\(missed) of \(rows.count) targets MISSED.\n")
    }
}
