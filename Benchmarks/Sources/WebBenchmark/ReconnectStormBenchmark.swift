import BenchmarkSupport
import PersonsVessel

/// A reconnect storm: open home pages, their clients in another process reconnecting as the
/// live script does, and the server stopped and started again on the same address. While no
/// server answers, the region switch flips: every page must come back with every part, and with
/// the switch as it is now. Measured: from the moment the new server listens until each page has
/// every part again.
struct ReconnectStormBenchmark {
    let streams: Int
    let running: BenchmarkServer

    struct Report {
        let table: String
        let isMet: Bool
    }

    func run(base: String) async throws -> Report {
        var clients = try ClientProcess(["--storm", base, "--streams", String(streams)])
        defer { clients.stop() }
        try await clients.expect("ready")
        try await running.stop()
        let vessel = running.vessel
        let isRegion = !vessel.appState.value.field.isRegion
        try await vessel.applyRegionAction(isRegion)
        try await Task.sleep(for: .seconds(1))
        try await running.start()
        let listening = monotonicNanoseconds()

        var seconds: [Double] = []
        var stale = 0
        while let line = await clients.next(), line != "done" {
            let fields = line.split(separator: " ")
            guard fields.count == 4, fields[0] == "back", let at = Int(fields[2]) else {
                throw ClientProcess.Unexpected(expected: "back PAGE TIME REGION", got: line)
            }
            seconds.append(Double(at - listening) / 1e9)
            if fields[3] != (isRegion ? "on" : "off") { stale += 1 }
        }
        let last = seconds.max() ?? .infinity
        // Every page back, none with the state from before the restart; the time is printed (no
        // floor under a storm is measured yet).
        let isMet = seconds.count == streams && stale == 0
        let table = """
            ## Reconnect storm: \(streams) open home pages, the server restarted

            The server stopped with \(streams) pages open; the region switch flipped while nothing answered;
            a new server started on the same address one second later. Each page reconnects as the live
            script does (full jitter, a ceiling that doubles from 0.25 s to 4 s). Seconds from the new
            server listening until a page had every part again:

            | pages back | p50 | p99 | the last | every page back, none stale |
            |---:|---:|---:|---:|---|
            | \(seconds.count) of \(streams) | \(format(median(seconds), 2)) | \(format(percentile(seconds, 0.99), 2)) | \(format(last, 2)) | \(isMet ? "met" : "MISSED") |

            Pages that came back with the switch as it was before the restart (a lost update): \(stale).

            """
        return Report(table: table, isMet: isMet)
    }
}
