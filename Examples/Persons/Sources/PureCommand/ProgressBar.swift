import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A progress bar redrawn in place on standard error, with what the work is doing beside it;
/// each part of the work (`line`) gets a line of its own.
final class ProgressBar: Sendable {
    private let drawn = NIOLockedValueBox((percent: -1, step: "", line: 0))

    /// A bar when standard error is a terminal; `nil` otherwise (logs and pipes get no bar).
    static func onTerminal() -> ProgressBar? {
        isatty(STDERR_FILENO) == 1 ? ProgressBar() : nil
    }

    /// Draws `permille` (nothing when `nil`) and `step` on the line of part `line`, unless they
    /// are drawn already; a new part starts a new line. `step` is text of the app's own (a
    /// sync's page, its wait, its photos), never data.
    func show(_ permille: Int?, step: String = "", line: Int = 0) {
        guard let permille else { return }
        let percent = min(max(permille, 0), 1_000) / 10
        let (isNew, isNewLine) = drawn.withLockedValue { drawn in
            defer { drawn = (percent, step, line) }
            return (drawn != (percent, step, line), drawn.percent >= 0 && drawn.line != line)
        }
        guard isNew else { return }
        if isNewLine { FileHandle.standardError.write(Data("\n".utf8)) }
        let filled = percent * 30 / 100
        let line =
            "\r\u{1B}[2K[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled)
            + "] \(percent)%" + (step.isEmpty ? "" : " \(step)")
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Ends the bar's line.
    func finish() {
        if drawn.withLockedValue({ $0.percent }) >= 0 {
            FileHandle.standardError.write(Data("\n".utf8))
        }
    }
}
