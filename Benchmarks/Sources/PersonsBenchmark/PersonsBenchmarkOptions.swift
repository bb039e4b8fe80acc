/// Command-line sizes: `--sync-count N`, `--database-count N`, `--queries N`.
struct PersonsBenchmarkOptions {
    private(set) var syncCount = 100_000
    private(set) var databaseCount = 1_000_000
    private(set) var queries = 2_000

    init(_ arguments: ArraySlice<String>) {
        var rest = arguments
        while let flag = rest.popFirst() {
            let value = rest.popFirst().flatMap { Int($0) }
            switch (flag, value) {
            case ("--sync-count", let count?): syncCount = count
            case ("--database-count", let count?): databaseCount = count
            case ("--queries", let count?): queries = count
            default: print("ignoring \(flag)")
            }
        }
    }
}
