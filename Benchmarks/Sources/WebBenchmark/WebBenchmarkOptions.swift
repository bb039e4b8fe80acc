/// Command-line sizes: `--people N`, `--requests N`, `--streams N`, `--updates N`.
struct WebBenchmarkOptions {
    private(set) var people = 1_000_000
    private(set) var requests = 2_000
    private(set) var streams = 100
    private(set) var updates = 50

    init(_ arguments: ArraySlice<String>) {
        var rest = arguments
        while let flag = rest.popFirst() {
            let value = rest.popFirst().flatMap { Int($0) }
            switch (flag, value) {
            case ("--people", let count?): people = count
            case ("--requests", let count?): requests = count
            case ("--streams", let count?): streams = count
            case ("--updates", let count?): updates = count
            default: print("ignoring \(flag)")
            }
        }
    }
}
