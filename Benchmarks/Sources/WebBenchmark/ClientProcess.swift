import Foundation

/// The page clients' process, seen from the benchmark: started from this very binary with
/// `--clients`, read a line at a time.
struct ClientProcess {
    private let process: Process
    private var lines: AsyncStream<String>.Iterator

    /// Starts this binary with `arguments` (`--clients …` or `--storm …`), and its own process id
    /// as the clients' `--parent`.
    init(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments + ["--parent", String(getpid())]
        let output = Pipe()
        process.standardOutput = output
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        // A thread of its own reads the pipe, so the benchmark's tasks never block on it.
        Thread.detachNewThread {
            var pending = Data()
            while case let chunk = output.fileHandleForReading.availableData, !chunk.isEmpty {
                pending.append(chunk)
                while let end = pending.firstIndex(of: 0x0A) {
                    continuation.yield(String(decoding: pending[pending.startIndex..<end], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...end)
                }
            }
            continuation.finish()
        }
        try process.run()
        self.process = process
        self.lines = lines.makeAsyncIterator()
    }

    /// The next line the clients print; `nil` once they have exited.
    mutating func next() async -> String? {
        await lines.next()
    }

    /// Waits for the line `expected`; fails on anything else.
    mutating func expect(_ expected: String) async throws {
        let line = await next()
        guard line == expected else { throw Unexpected(expected: expected, got: line) }
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// In the clients' process: ends it as soon as `parent`, the benchmark that started it, is
    /// gone, however the benchmark ended (a kill, a crash), so that nothing it started outlives it.
    static func endWhenGone(_ parent: pid_t) {
        Thread.detachNewThread {
            while getppid() == parent { usleep(100_000) }
            // At once, without the handlers `exit` runs while the clients' threads still run.
            _exit(3)
        }
    }

    struct Unexpected: Error, CustomStringConvertible {
        let expected: String
        let got: String?
        var description: String { "the page clients said \(got ?? "nothing") instead of \(expected)" }
    }
}
