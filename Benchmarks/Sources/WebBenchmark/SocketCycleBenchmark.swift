import BenchmarkSupport
import Foundation
import MallocCounter

/// Live pages that come and go: `cycles` home pages, one after another, each opening its socket,
/// reading its first part and leaving (see ``CycleClients``, in a process of their own), as
/// browsers do on every reconnect. Measured: the server's resident memory (and the bytes it
/// holds allocated) before and after, once settled; what a closed socket leaves behind shows as
/// growth.
struct SocketCycleBenchmark {
    let cycles: Int
    let running: BenchmarkServer
    /// Bytes a bare server holds for an open WebSocket: the unit of the target.
    let socketFloor: Double

    /// The target for the growth of resident memory: less than what this many bare WebSockets
    /// hold open, for all the pages that came and went (nothing of a closed page stays).
    static let sockets = 200.0
    /// Pages that come and go first, so that what the first ones set up for good (a screen's
    /// caches, the allocator's pools) is not counted as growth.
    static let warmUp = 1_000
    /// How long the server is left alone before each reading.
    static let settling = Duration.seconds(5)

    struct Report {
        let table: String
        let targets: Targets
    }

    func run(base: String) async throws -> Report {
        try await visits(base: base, count: Self.warmUp)
        let before = try await settled()
        try await visits(base: base, count: cycles)
        let after = try await settled()
        let growth = (after.resident - before.resident) / 1_048_576
        var targets = Targets()
        targets.atMost(
            "resident memory growth after \(cycles) sockets, in bare WebSockets' worth",
            growth * 1_048_576 / socketFloor,
            Self.sockets, unit: "", digits: 0)
        let table = """
            ## Live pages that come and go: \(cycles) sockets opened, read and closed

            One home page after another opens its socket, reads its first part and leaves (every other one
            with a close frame), after \(Self.warmUp) pages that warm the server up; each reading is taken
            once no page is open and the server has been idle for \(Self.settling).

            | | before | after | growth |
            |---|---:|---:|---:|
            | resident memory (VmRSS) | \(format(before.resident / 1_048_576, 1)) MB | \(format(after.resident / 1_048_576, 1)) MB | \(format(growth, 2)) MB |
            | allocated (mallinfo2) | \(format(before.allocated / 1_048_576, 1)) MB | \(format(after.allocated / 1_048_576, 1)) MB | \(format((after.allocated - before.allocated) / 1_048_576, 2)) MB |

            \(targets.table)
            """
        return Report(table: table, targets: targets)
    }

    /// `count` pages that come and go, their clients in a process of their own.
    private func visits(base: String, count: Int) async throws {
        var clients = try ClientProcess(["--visits", base, "--count", String(count)])
        defer { clients.stop() }
        try await clients.expect("done")
    }

    /// The server's memory once no page is open and it has been idle a while.
    private func settled() async throws -> (resident: Double, allocated: Double) {
        while running.server.openPages > 0 { try await Task.sleep(for: .milliseconds(50)) }
        try await Task.sleep(for: Self.settling)
        return (Self.residentBytes(), Double(malloc_counter_allocated_bytes()))
    }

    /// This process's resident memory, in bytes (`VmRSS` in `/proc/self/status`); 0 where the
    /// system has no such file.
    static func residentBytes() -> Double {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0) * 1_024
    }
}
