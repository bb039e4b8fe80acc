import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line progress bar redrawn in place on standard error.
final class ProgressBar: Sendable {
    private let drawn = Mutex(-1)

    /// A bar when standard error is a terminal; `nil` otherwise (logs and pipes get no bar).
    static func onTerminal() -> ProgressBar? {
        isatty(STDERR_FILENO) == 1 ? ProgressBar() : nil
    }

    /// Draws `permille` (nothing when `nil`), unless that percentage is already drawn.
    func show(_ permille: Int?) {
        guard let permille else { return }
        let percent = min(max(permille, 0), 1_000) / 10
        guard
            drawn.withLock({ drawn in
                defer { drawn = percent }; return drawn != percent
            })
        else { return }
        let filled = percent * 30 / 100
        let line =
            "\r[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled) + "] \(percent)%"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Ends the bar's line.
    func finish() {
        if drawn.withLock({ $0 }) >= 0 {
            FileHandle.standardError.write(Data("\n".utf8))
        }
    }
}
