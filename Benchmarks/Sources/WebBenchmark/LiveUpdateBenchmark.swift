import BenchmarkSupport
import Foundation
import MallocCounter
import Persons
import PersonsVessel
import PersonsWorker

/// Open pages, their clients in another process: the latency from an update of the state to
/// its fragment arriving on every one of them, what each open page holds in the server, and the
/// server's CPU time per update.
struct LiveUpdateBenchmark {
    let base: String
    let streams: Int
    let updates: Int
    let vessel: Vessel
    /// For the many-addresses run: how many distinct list addresses the pages open, the database
    /// worker each update stores people with (another on the same file, as a `pure sync` in a
    /// terminal), and the Vessel's own worker, which hears the commit. Otherwise every page is
    /// the home page and each update flips the region switch.
    var lists: (count: Int, writer: PersonDBWorker, heard: PersonDBWorker)?
    /// Bytes a bare server holds for an open WebSocket (``LiveFloors/bytesPerConnection(base:connections:bodyBytes:upgraded:)``):
    /// the floor under what an open page holds.
    let socketFloor: Double

    struct Report {
        let table: String
        let targets: Targets
    }

    /// One run for each number of open pages in `streams`.
    static func run(
        base: String, streams: [Int], updates: Int, vessel: Vessel, socketFloor: Double
    ) async throws -> [Report] {
        var reports: [Report] = []
        for count in streams {
            say("Measuring live updates on \(count) pages…")
            let benchmark = LiveUpdateBenchmark(
                base: base, streams: count, updates: updates, vessel: vessel, socketFloor: socketFloor)
            reports.append(try await benchmark.run())
        }
        return reports
    }

    /// The p99 target for each page, as a multiple of the floor's p99 (the kernel's writes of the
    /// same frame to as many sockets): 4 with 100 pages or fewer, 2 beyond; 3 for a change of the
    /// stored people, which every list reads again.
    var ratio: Double { lists != nil ? 3 : streams <= 100 ? 4 : 2 }

    /// What an open page may hold beyond a bare WebSocket: 2 KiB, 4 KiB over many list
    /// addresses (each address also holds its rows and its rendered parts).
    var memoryAllowance: Double { lists != nil ? 4 * 1_024 : 2 * 1_024 }

    func run() async throws -> Report {
        // The lists of the pages a phase before asked for with no socket after (the first bytes'
        // searches) are kept a moment for their sockets (`LiveLimits.screenKept`), and every
        // switch flipped reads them again: a phase starts once they are let go.
        let deadline = ContinuousClock.now + .seconds(15)
        while !vessel.appState.value.lists.keys.isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        let listsBefore = vessel.appState.value.lists.keys.count
        let subscriptionsBefore = vessel.appState.subscriptionCount
        // When the database told of each commit of people, as it tells the Vessel: a store commits
        // before it returns (the search is merged after it), and pages may have the change by then.
        // Started before the clients, so that its watcher has read the database's version before
        // the first store: one that starts after a commit never hears of it (a CI run did so).
        let commits = CommitTimes(lists?.heard)
        defer { commits.stop() }
        let bytesBefore = malloc_counter_allocated_bytes()
        var clients = try ClientProcess(
            ["--clients", base, "--streams", String(streams), "--updates", String(updates)]
                + (lists.map { ["--lists", String($0.count)] } ?? []))
        defer { clients.stop() }
        try await clients.expect("ready")
        let bytesPerPage = Double(malloc_counter_allocated_bytes() - bytesBefore) / Double(streams)
        let subscriptions = vessel.appState.subscriptionCount - subscriptionsBefore
        let selections = vessel.appState.selectionCount

        var starts = [0]
        let cpuBefore = processCPUSeconds()
        var saves: [Double] = []
        for update in 1...updates {
            if let lists {
                let started = monotonicNanoseconds()
                try await lists.writer.savePersons(ListAddresses.people(update: update, addresses: lists.count)) { _ in
                }
                saves.append(Double(monotonicNanoseconds() - started) / 1e6)
                starts.append(try await commits.first(after: started))
            } else {
                // Flipped from what it is: a run before may have left it either way.
                starts.append(monotonicNanoseconds())
                try await vessel.applyRegionAction(!vessel.appState.value.field.isRegion)
            }
            try await clients.expect("got \(update)")
        }
        let cpuPerUpdate = (processCPUSeconds() - cpuBefore) / Double(updates) * 1_000

        var latencies: [Double] = []
        var last = Array(repeating: 0.0, count: updates + 1)
        var frameBytes = 0
        while let line = await clients.next(), line != "done" {
            let fields = line.split(separator: " ")
            if fields.count == 2, fields[0] == "frame", let bytes = Int(fields[1]), bytes > 0 {
                frameBytes = bytes
                continue
            }
            guard fields.count == 4, fields[0] == "at", let update = Int(fields[2]), let at = Int(fields[3]),
                starts.indices.contains(update)
            else { throw ClientProcess.Unexpected(expected: "at PAGE UPDATE TIME", got: line) }
            let milliseconds = Double(at - starts[update]) / 1e6
            latencies.append(milliseconds)
            last[update] = max(last[update], milliseconds)
        }
        let slowest = Array(last.dropFirst())
        let p99 = percentile(latencies, 0.99)
        guard frameBytes > 0 else {
            throw ClientProcess.Unexpected(expected: "frame BYTES before the arrivals", got: "none")
        }
        let floor = try LiveFloors.frameWrites(sockets: streams, bytes: frameBytes, times: max(updates, 30))
        let what =
            lists.map { lists in
                """
                ## A change of the stored people on \(streams) open pages over \(lists.count) list addresses

                People stored \(updates) times through a second database worker on the same file, as a `pure
                sync` in a terminal stores them (one transaction each, one person for each search), which
                changes every open list; each time, the time from the Vessel's worker's signal of that
                commit (what the Vessel follows; it polls every 5 ms here) until the list's summary part
                arrived on every page's socket, milliseconds.
                Half the addresses are pages of everyone from a position, half searches. The store
                itself took \(format(median(saves))) ms at p50 (a store that leaves the search in more than 4 b-trees merges some).
                """
            } ?? """
                ## Live updates on \(streams) open home pages

                The region switch flipped \(updates) times through the Vessel; each time, the time until the
                switches part arrived on every page's socket, milliseconds.
                """
        let table = """
            \(what)
            The pages' client runs in a process of its own; both processes read the same monotonic clock.
            The floor is the kernel's part of an update: the same bytes written by C calls to as many
            sockets, with nothing to read, render or frame.

            | | p50 | p99 | max |
            |---|---:|---:|---:|
            | update to part, each page | \(format(median(latencies))) | \(format(p99)) | \(format(latencies.max() ?? 0)) |
            | update to part, the last of the \(streams) pages | \(format(median(slowest))) | \(format(percentile(slowest, 0.99))) | \(format(slowest.max() ?? 0)) |
            | the floor: one thread writing the part's frame (\(frameBytes) bytes) to \(streams) loopback sockets | \(format(floor.p50)) | \(format(floor.p99)) | |

            Each open page holds \(format(bytesPerPage / 1_024, 1)) KiB in the server (mallinfo2), against \(format(socketFloor / 1_024, 1)) KiB for a bare WebSocket.
            The server's CPU time per update: \(format(cpuPerUpdate)) ms (\(format(cpuPerUpdate * 1_000 / Double(streams))) µs per page).
            Lists open before the pages came: \(listsBefore).
            The \(streams) pages hold \(subscriptions) subscriptions in all; the store compares \(selections) selections per
            update however many pages are open.

            """
        var targets = Targets()
        let name =
            lists.map { "a change on \(streams) pages over \($0.count) addresses" } ?? "a switch on \(streams) pages"
        targets.atMost("\(name), p99 against the kernel's floor", p99 / floor.p99, ratio, unit: "x", orEqual: true)
        targets.atMost(
            "\(name), memory per page beyond a bare WebSocket", (bytesPerPage - socketFloor) / 1_024,
            memoryAllowance / 1_024, unit: "KiB", orEqual: true, digits: 1)
        return Report(table: table + "\n" + targets.table, targets: targets)
    }
}
