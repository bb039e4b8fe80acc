import Foundation
import Logging
import NIOConcurrencyHelpers

/// The command's log: lines appended to a file, optionally echoed to standard error.
enum CommandLog {
    private static let started = NIOLockedValueBox(false)

    static func start(path: String, alsoToStandardError: Bool) {
        let first = started.withLockedValue { started in
            defer { started = true }
            return !started
        }
        guard first else { return }
        let file = LogFile(path: path)
        LoggingSystem.bootstrap { label in
            var handlers: [any LogHandler] = [FileLogHandler(label: label, file: file)]
            if alsoToStandardError {
                handlers.append(StreamLogHandler.standardError(label: label))
            }
            return MultiplexLogHandler(handlers)
        }
    }
}

/// A log file opened for appending; lines are written whole, one at a time.
final class LogFile: Sendable {
    private let handle: NIOLockedValueBox<FileHandle?>

    init(path: String) {
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        let opened = try? FileHandle(forWritingTo: url)
        _ = try? opened?.seekToEnd()
        handle = NIOLockedValueBox(opened)
    }

    func append(_ line: String) {
        handle.withLockedValue { handle in
            try? handle?.write(contentsOf: Data((line + "\n").utf8))
        }
    }
}

/// A swift-log handler writing to a ``LogFile``.
struct FileLogHandler: LogHandler {
    let label: String
    let file: LogFile
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let time = Date().formatted(.iso8601)
        file.append("\(time) \(event.level) \(label): \(event.message)")
    }
}
