import Foundation
import Logging
import Persons
import PersonsGear

/// The web worker: people from a randomuser.me-compatible API (or the bundled sample) through
/// the HTTP gear, mapped to the model. Every failure becomes one ``Fizzle``.
///
/// ```swift
/// let web = try PersonWebWorker(address: "http://127.0.0.1:8081/")
/// let people = try await web.fetchPersons(count: 100)
/// ```
public struct PersonWebWorker: PersonWebWork {
    private let access: RandomUserAccess
    private let logger: Logger

    /// Creates a worker for the API at `address` (nil, empty or "bundled": the bundled sample),
    /// trying each download up to `attempts` times with backoff starting at `firstRetryDelay`.
    public init(
        address: String?, timeout: Duration = .seconds(15), attempts: Int = 4,
        firstRetryDelay: Duration = .milliseconds(500), transport: any HTTPTransport = URLSessionTransport(),
        logger: Logger = Logger(label: "pure.worker.web")
    ) throws(Fizzle) {
        let source: RandomUserAccess.Source
        do {
            source = try RandomUserAccess.source(for: address)
        } catch {
            throw Self.fizzle(for: error, logger: logger)
        }
        let retry = RetryPolicy(attempts: attempts, firstDelay: firstRetryDelay)
        let client = HTTPJSONClient(transport: transport, timeout: timeout, retry: retry, logger: logger)
        access = RandomUserAccess(source: source, client: client, logger: logger)
        self.logger = logger
    }

    /// Up to `count` people in batches as they are decoded; records without an id are skipped
    /// and logged.
    public func downloadPersons(count: Int) -> PersonBatches {
        let (stream, continuation) = AsyncStream.makeStream(of: Result<[Person], Fizzle>.self)
        let year = Calendar(identifier: .gregorian).component(.year, from: Date())
        let mapping = Task { [access, logger] in
            var skipped = 0
            for await result in access.batches(count: max(0, count)) {
                switch result {
                case .success(let batch):
                    let people = batch.users.compactMap { $0.person(currentYear: year) }
                    skipped += batch.unreadable + batch.users.count - people.count
                    continuation.yield(.success(people))
                case .failure(let failure):
                    continuation.yield(.failure(Self.fizzle(for: failure, logger: logger)))
                }
            }
            if skipped > 0 {
                logger.warning("skipped \(skipped) records: unreadable or without an id")
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in mapping.cancel() }
        return PersonBatches(stream)
    }

    /// "LEG" after reaching the directory with one request; ``Fizzle/walkFail`` without legs.
    public func walk(isLeg: Bool) async throws(Fizzle) -> String {
        guard isLeg else { throw .walkFail }
        _ = try await fetchPersons(count: 1)
        return "LEG"
    }

    /// The message a user sees for a failure of the directory; the detail goes to the log.
    static func fizzle(for failure: RandomUserFailure, logger: Logger) -> Fizzle {
        logger.error("directory failure: \(failure)")
        switch failure {
        case .http(.unreachable): return .noInternet
        case .http(.timedOut): return .downloadFailed
        case .http(.status(let status)) where (400..<500).contains(status): return .rejected(status: status)
        case .http(.status): return .downloadFailed
        case .http(.invalidURL(let address)): return .invalidURL(address)
        case .errorBody(let message): return .serverMessage(message)
        case .undecodable: return .unreadableDownload
        case .bundledSampleMissing: return .unknown
        }
    }
}
