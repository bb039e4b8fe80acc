import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Persons
import PersonsVessel
import PersonsWeb
import ServiceLifecycle

/// `pure serve` (and plain `pure`): the app's web screens, live, on this machine.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the app in your browser (the default command).",
        discussion:
            "On the first launch it syncs people from the API (or the bundled sample); the page shows the progress."
    )

    @OptionGroup var options: CommonOptions

    @Option(help: "The address to listen on; 127.0.0.1 keeps the app to this machine.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 for any free port).")
    var port = 8080

    @Option(
        name: .customLong("allow-host"),
        help: ArgumentHelp(
            "Another host name the app may be opened at (repeatable); it always answers to localhost, "
                + "127.0.0.1 and --host.", valueName: "name"))
    var allowedHosts: [String] = []

    @Flag(
        help: ArgumentHelp(
            "Serve /inspector too: every change of the app state, live, with restore and download (loopback only)."))
    var inspector = false

    @OptionGroup var directory: DirectoryOptions

    @OptionGroup var carddav: CardDAVOptions

    @Option(
        name: .customLong("carddav-every"),
        help: ArgumentHelp(
            "How often to pull the address book while no page is open, in seconds (5 to 86400).",
            valueName: "seconds"))
    var carddavEvery = 60

    @Option(
        name: .customLong("carddav-watch-every"),
        help: ArgumentHelp(
            "While a page is open, how often at most to check the address book for changes, in seconds (1 to 60; "
                + "0: only every --carddav-every).", valueName: "seconds"))
    var carddavWatchEvery = 4

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535, not \(port).")
        }
        guard !host.isEmpty else { throw ValidationError("--host needs an address, such as 127.0.0.1.") }
        if inspector, !LoopbackHost.contains(host) {
            throw ValidationError(
                "--inspector shows and changes the whole app state: use it with --host 127.0.0.1 only.")
        }
        guard (5...86_400).contains(carddavEvery) else {
            throw ValidationError("--carddav-every must be between 5 and 86400 seconds, not \(carddavEvery).")
        }
        guard (0...60).contains(carddavWatchEvery) else {
            throw ValidationError("--carddav-watch-every must be between 0 and 60 seconds, not \(carddavWatchEvery).")
        }
        for name in allowedHosts where name.isEmpty || name.contains(where: { $0.isWhitespace || $0 == "/" }) {
            throw ValidationError("--allow-host takes a host name such as persons.local, not \"\(name)\".")
        }
    }

    func run() async throws {
        options.startLogging()
        let logger = Logger(label: "pure.serve")
        var book = try carddav.settings()
        book?.pullEvery = .seconds(carddavEvery)
        let vessel = try await reporting(options) { [book] () throws(Fizzle) -> Vessel in
            try await Vessel.open(
                VesselConfiguration(
                    databasePath: options.databasePath, apiAddress: directory.apiAddress, attempts: directory.attempts,
                    addressBook: book),
                journal: options.makeJournal(wanted: inspector))
        }
        let tracer = options.startTracing(vessel)
        defer { tracer?.stop() }
        var limits = WebLimits()
        limits.allowedHosts = allowedHosts
        let server = try PersonsWebServer(
            service: vessel, limits: limits,
            inspector: inspector
                ? vessel.journal.map { Inspector(journal: $0, restore: vessel.restoreStateAction) } : nil)
        if carddavWatchEvery > 0, book != nil {
            vessel.watchAddressBook(upTo: .seconds(carddavWatchEvery), while: { server.openPages > 0 })
        }
        let app = server.application(host: host, port: port) { [host, inspector] address in
            Terminal.print("Serving the Persons app on \(address)")
            if !LoopbackHost.contains(host) {
                Terminal.print("Listening on \(host): other machines can reach the app.")
            }
            if inspector { Terminal.print("The inspector is at \(address)/inspector") }
            Terminal.print("Press Ctrl-C to stop.")
        }
        let services = ServiceGroup(
            configuration: .init(
                services: [app, vessel], gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        do {
            try await services.run()
        } catch {
            logger.error("the server stopped: \(error)")
            Terminal.printError("Cannot serve on \(host):\(port): \(error)")
            Terminal.printError(options.detailsLine)
            throw ExitCode.failure
        }
    }
}
