/// Command-line sizes: `--sync-count N`, `--database-count N`, `--queries N`, `--carddav-count N`;
/// `--only sync|read|carddav` runs one part.
struct PersonsBenchmarkOptions {
    private(set) var syncCount = 100_000
    private(set) var databaseCount = 1_000_000
    private(set) var queries = 2_000
    private(set) var carddavCount = 1_000
    private(set) var only: String?

    /// Whether the part `name` runs.
    func runs(_ name: String) -> Bool { only == nil || only == name }

    init(_ arguments: ArraySlice<String>) {
        var rest = arguments
        while let flag = rest.popFirst() {
            let text = rest.popFirst()
            let value = text.flatMap { Int($0) }
            switch (flag, value) {
            case ("--only", _) where ["sync", "read", "carddav"].contains(text ?? ""): only = text
            case ("--carddav-count", let count?): carddavCount = count
            case ("--sync-count", let count?): syncCount = count
            case ("--database-count", let count?): databaseCount = count
            case ("--queries", let count?): queries = count
            default: print("ignoring \(flag)")
            }
        }
    }
}
