import Foundation
import Hummingbird
import Logging
import PersonsVessel
import PersonsWeb
import ServiceLifecycle

/// The app's web server and the Vessel's own work, under one service group as in `pure serve`,
/// running while a benchmark runs.
enum BenchmarkServer {
    static func withRunning<Result: Sendable>(
        _ vessel: Vessel, _ body: @Sendable (String, PersonsWebServer) async throws -> Result
    ) async throws -> Result {
        var logger = Logger(label: "bench.web")
        logger.logLevel = .warning
        let server = try PersonsWebServer(service: vessel, logger: logger)
        let (addresses, found) = AsyncStream.makeStream(of: String.self)
        let app = server.application(host: "127.0.0.1", port: 0) { address in
            found.yield(address)
            found.finish()
        }
        let services = ServiceGroup(
            configuration: .init(services: [app, vessel], gracefulShutdownSignals: [], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            var iterator = addresses.makeAsyncIterator()
            guard let base = await iterator.next() else { throw CancellationError() }
            let outcome: Swift.Result<Result, any Error>
            do {
                outcome = .success(try await body(base, server))
            } catch {
                outcome = .failure(error)
            }
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
            return try outcome.get()
        }
    }
}
