/// Command-line focus: `--only a|b|subscribing|journal`, `--subscribers N`, `--pure-only`.
struct BenchmarkOptions {
    private(set) var only: String?
    private(set) var counts = [1, 10, 100, 1_000, 10_000]
    private(set) var pureOnly = false

    init(_ arguments: ArraySlice<String>) {
        var rest = arguments
        while let flag = rest.popFirst() {
            switch flag {
            case "--only": only = rest.popFirst()
            case "--subscribers": counts = rest.popFirst().flatMap { Int($0) }.map { [$0] } ?? counts
            case "--pure-only": pureOnly = true
            default: print("ignoring unknown argument \(flag)")
            }
        }
    }

    /// Whether the part named `part` ("a", "b", "subscribing" or "journal") is to run.
    func runs(_ part: String) -> Bool {
        only == nil || only == part
    }
}
