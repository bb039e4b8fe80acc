import ArgumentParser
import Foundation

/// Where people are downloaded from, and how patiently: options of the commands that sync.
struct DirectoryOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The API's base URL, or \"bundled\" (default: $PURE_API, or the bundled sample).", valueName: "url"))
    var api: String?

    @Option(help: "How many times to try a download before giving up (1 to 10).")
    var attempts = 4

    /// The API address: the option, then `PURE_API`, then (nil) the bundled sample.
    var apiAddress: String? {
        api ?? ProcessInfo.processInfo.environment["PURE_API"]
    }

    func validate() throws {
        guard (1...10).contains(attempts) else {
            throw ValidationError("--attempts must be between 1 and 10, not \(attempts).")
        }
    }
}
