import NIOCore

/// The deadline of a clients' phase: the pages must keep moving. Every ``interval`` it looks at
/// how far they got, and when nothing moved since the last look, it fails the run with the pages
/// still waited for, and the benchmark that waits for their lines fails with it.
enum StallWatch {
    /// How long the pages may go without one of them moving on: far beyond any target.
    static let interval = TimeAmount.seconds(seconds)
    /// The same, in seconds, for the messages that name it.
    static let seconds: Int64 = 60

    /// Looks every ``interval`` on `loop`: `progress` is how far the pages got (`nil` once the
    /// run is over), and `stalled` fails the run.
    static func start(
        on loop: any EventLoop, progress: @escaping @Sendable () -> Int?, stalled: @escaping @Sendable () -> Void
    ) {
        guard let now = progress() else { return }
        look(on: loop, after: now, progress: progress, stalled: stalled)
    }

    private static func look(
        on loop: any EventLoop, after last: Int, progress: @escaping @Sendable () -> Int?,
        stalled: @escaping @Sendable () -> Void
    ) {
        loop.scheduleTask(in: interval) {
            guard let now = progress() else { return }
            if now == last { return stalled() }
            look(on: loop, after: now, progress: progress, stalled: stalled)
        }
    }

    /// `pages` as a line: `3, 17, 42 (3 of 1000)`, the first 20 of them.
    static func list(_ pages: [Int], of count: Int) -> String {
        let shown = pages.prefix(20).map(String.init).joined(separator: ", ")
        return "\(shown)\(pages.count > 20 ? ", …" : "") (\(pages.count) of \(count))"
    }

    struct Stalled: Error, CustomStringConvertible {
        let description: String
    }
}
