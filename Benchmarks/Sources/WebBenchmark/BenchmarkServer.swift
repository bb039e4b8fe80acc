import Foundation
import Hummingbird
import Logging
import PersonsVessel
import PersonsWeb
import ServiceLifecycle

/// The app's web server on 127.0.0.1 and the Vessel's own work, as in `pure serve`, while a
/// benchmark runs. The web server can be stopped and started again on the same port, as a
/// restarted `pure serve` would be: every open connection closes, and a new server with no page
/// open answers on the same address.
final class BenchmarkServer {
    let vessel: Vessel
    private(set) var server: PersonsWebServer
    private let logger: Logger
    private var port = 0
    private var running: (services: ServiceGroup, task: Task<Void, any Error>)?

    private init(_ vessel: Vessel, logger: Logger) throws {
        self.vessel = vessel
        self.logger = logger
        server = try PersonsWebServer(service: vessel, logger: logger)
    }

    /// Runs `body` with the server started; stops everything after it.
    static func withRunning<Result: Sendable>(
        _ vessel: Vessel, _ body: (BenchmarkServer, String) async throws -> Result
    ) async throws -> Result {
        var logger = Logger(label: "bench.web")
        logger.logLevel = .warning
        let work = ServiceGroup(
            configuration: .init(services: [vessel], gracefulShutdownSignals: [], logger: logger))
        let vesselTask = Task { try await work.run() }
        let running = try BenchmarkServer(vessel, logger: logger)
        let outcome: Swift.Result<Result, any Error>
        do {
            let base = try await running.start()
            outcome = .success(try await body(running, base))
        } catch {
            outcome = .failure(error)
        }
        try? await running.stop()
        await work.triggerGracefulShutdown()
        try await vesselTask.value
        return try outcome.get()
    }

    /// Starts a new web server, on the port of the last one (any free port the first time);
    /// returns its address once it listens.
    @discardableResult
    func start() async throws -> String {
        server = try PersonsWebServer(service: vessel, logger: logger)
        let (addresses, found) = AsyncStream.makeStream(of: String.self)
        let app = server.application(host: "127.0.0.1", port: port) { address in
            found.yield(address)
            found.finish()
        }
        let services = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let task = Task {
            defer { found.finish() }
            try await services.run()
        }
        running = (services, task)
        var iterator = addresses.makeAsyncIterator()
        guard let base = await iterator.next() else {
            try await task.value
            throw CancellationError()
        }
        port = Int(base.split(separator: ":").last ?? "") ?? 0
        return base
    }

    /// Stops the web server: it closes every connection, live pages' sockets included.
    func stop() async throws {
        guard let (services, task) = running else { return }
        running = nil
        await services.triggerGracefulShutdown()
        try await task.value
    }
}
