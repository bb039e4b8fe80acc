/// Command-line sizes: `--people N`, `--requests N`, `--streams N[,N...]`, `--updates N`,
/// `--lists N` (the distinct list addresses of the many-addresses run), `--cycles N` (the live
/// pages that come and go), `--load-seconds N` (how long each list page is under load); and
/// `--clients BASE`, `--storm BASE`, `--visits BASE --count N` or `--load BASE --path PATH
/// --connections N --seconds N`, which make this process the page clients of another run (see
/// `PageClients`, `StormClients`, `CycleClients` and `LoadClients`).
struct WebBenchmarkOptions {
    private(set) var people = 1_000_000
    private(set) var requests = 2_000
    private(set) var streams = [100, 1_000]
    private(set) var updates = 50
    private(set) var lists = 100
    private(set) var cycles = 20_000
    private(set) var loadSeconds = 15
    private(set) var clients: String?
    private(set) var storm: String?
    private(set) var visits: String?
    private(set) var count = 1
    private(set) var load: String?
    private(set) var path = "/"
    private(set) var connections = 32
    private(set) var seconds = 15

    init(_ arguments: ArraySlice<String>) {
        var rest = arguments
        while let flag = rest.popFirst() {
            let value = rest.popFirst() ?? ""
            switch (flag, Int(value)) {
            case ("--people", let count?): people = count
            case ("--requests", let count?): requests = count
            case ("--updates", let count?): updates = count
            case ("--lists", let count?) where count > 0: lists = count
            case ("--cycles", let count?) where count > 0: cycles = count
            case ("--count", let count?) where count > 0: self.count = count
            case ("--load-seconds", let count?) where count > 0: loadSeconds = count
            case ("--connections", let count?) where count > 0: connections = count
            case ("--seconds", let count?) where count > 0: seconds = count
            case ("--streams", _):
                let counts = value.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
                if counts.isEmpty { print("ignoring --streams \(value)") } else { streams = counts }
            case ("--clients", _): clients = value
            case ("--storm", _): storm = value
            case ("--visits", _): visits = value
            case ("--load", _): load = value
            case ("--path", _): path = value
            default: print("ignoring \(flag) \(value)")
            }
        }
    }
}
