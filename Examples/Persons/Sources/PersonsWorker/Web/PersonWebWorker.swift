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
    /// The directory's address, or "bundled".
    public let source: String
    private let access: RandomUserAccess
    /// Photos are tried once each: the next sync tries a missing one again.
    private let photos: HTTPJSONClient
    private let timeout: Duration
    private let logger: Logger

    /// Creates a worker for the API at `address` (nil, empty or "bundled": the bundled sample),
    /// trying each download up to `attempts` times with backoff starting at `firstRetryDelay`.
    public init(
        address: String?, timeout: Duration = .seconds(15), attempts: Int = 4,
        firstRetryDelay: Duration = .milliseconds(500), transport: any HTTPTransport = AsyncHTTPTransport(),
        logger: Logger = Logger(label: "pure.worker.web")
    ) throws(Fizzle) {
        let source: RandomUserAccess.Source
        do {
            source = try RandomUserAccess.source(for: address)
        } catch {
            throw Self.fizzle(for: error, timeout: timeout, logger: logger)
        }
        let retry = RetryPolicy(attempts: attempts, firstDelay: firstRetryDelay)
        let client = HTTPJSONClient(transport: transport, timeout: timeout, retry: retry, logger: logger)
        access = RandomUserAccess(source: source, client: client, logger: logger)
        photos = HTTPJSONClient(transport: transport, timeout: timeout, retry: RetryPolicy(attempts: 1), logger: logger)
        self.source = address.flatMap { $0.isEmpty ? nil : $0 } ?? SyncPlan.bundledSource
        self.timeout = timeout
        self.logger = logger
    }

    /// The most people one page asks for: the API's limit; the bundled sample is one page.
    public var largestPage: Int { access.isBundled ? Int.max : RandomUserAccess.largestPage }

    /// The people of page `page` of `plan`, in batches as they are decoded; each batch counts
    /// the records it left out, and the log has the total. A page of the API that brings fewer
    /// records than it should ends with ``Fizzle/shortPage(page:got:asked:)``, so that it is
    /// not stored; `waiting` hears the seconds of each wait the API asks for.
    public func downloadPage(
        _ page: Int, of plan: SyncPlan, waiting: @escaping @Sendable (Int) -> Void
    ) -> PersonBatches {
        let (stream, continuation) = AsyncStream.makeStream(of: Result<PersonBatch, Fizzle>.self)
        let year = Calendar(identifier: .gregorian).component(.year, from: Date())
        let request = RandomUserPage(
            number: page, results: plan.pageSize, seed: plan.seed, keep: plan.people(onPage: page))
        let mapping = Task { [access, timeout, logger] in
            var skipped = SkippedRecords()
            var records = 0
            let batches = access.batches(of: request) { wait in waiting(Self.wholeSeconds(wait)) }
            for await result in batches {
                switch result {
                case .success(let batch):
                    records += batch.users.count + batch.unreadable
                    var mapped = PersonBatch(people: [])
                    mapped.people.reserveCapacity(batch.users.count)
                    mapped.skipped.add(.unreadable, count: batch.unreadable)
                    for user in batch.users {
                        switch user.person(currentYear: year) {
                        case .success(let person): mapped.people.append(person)
                        case .failure(let reason): mapped.skipped.add(reason)
                        }
                    }
                    skipped.add(mapped.skipped)
                    continuation.yield(.success(mapped))
                case .failure(let failure):
                    continuation.yield(.failure(Self.fizzle(for: failure, timeout: timeout, logger: logger)))
                    continuation.finish()
                    return
                }
            }
            if !access.isBundled, records < request.keep, !Task.isCancelled {
                logger.error("page \(page) brought \(records) records of the \(request.keep) asked for")
                continuation.yield(.failure(.shortPage(page: page, got: records, asked: request.keep)))
            }
            if skipped.total > 0 {
                logger.warning("skipped \(skipped.total) records: \(skipped)")
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in mapping.cancel() }
        return PersonBatches(stream)
    }

    /// Whether the photos can be downloaded: not the bundled sample's, which is for working
    /// offline (its people show their initials).
    public var hasPhotos: Bool { !access.isBundled }

    /// The photo at `address`: an image (by its first bytes) of at most ``Persons/PhotoFile/largest``
    /// bytes, or ``Fizzle/unusablePhoto``; a failed download fails as a page's would.
    public func downloadPhoto(_ address: String) async throws(Fizzle) -> PhotoFile {
        guard let url = WebAddress.url(address) else { throw .invalidURL(address) }
        let body: Data
        do {
            body = try await photos.get(url)
        } catch {
            throw Self.fizzle(for: .http(error), timeout: timeout, logger: logger)
        }
        guard body.count <= PhotoFile.largest, let type = ImageKind.mediaType(of: body) else {
            logger.warning("the photo at \(address) is not an image of a size kept (\(body.count) bytes)")
            throw .unusablePhoto
        }
        return PhotoFile(bytes: Array(body), type: type)
    }

    /// "LEG" after reaching the directory with one request; ``Fizzle/walkFail`` without legs.
    public func walk(isLeg: Bool) async throws(Fizzle) -> String {
        guard isLeg else { throw .walkFail }
        _ = try await fetchPersons(count: 1)
        return "LEG"
    }

    /// `duration` in whole seconds, rounded up: "within 1 second" for a 200 ms timeout.
    static func wholeSeconds(_ duration: Duration) -> Int {
        let (seconds, fraction) = duration.components
        return Int(max(1, min(seconds + (fraction > 0 ? 1 : 0), 86_400)))
    }

    /// The message a user sees for a failure of the directory; the detail goes to the log.
    static func fizzle(for failure: RandomUserFailure, timeout: Duration, logger: Logger) -> Fizzle {
        logger.error("directory failure: \(failure)")
        switch failure {
        case .http(.unreachable): return .noInternet
        case .http(.timedOut): return .timedOut(seconds: Self.wholeSeconds(timeout))
        case .http(.status(let status)) where (400..<500).contains(status): return .rejected(status: status)
        case .http(.status): return .downloadFailed
        case .http(.invalidURL(let address)): return .invalidURL(address)
        case .http(.tooManyRequests(let attempts)): return .rateLimited(attempts: attempts)
        case .errorBody(let message): return .serverMessage(message)
        case .undecodable, .http(.tooLarge): return .unreadableDownload
        case .bundledSampleMissing: return .unknown
        }
    }
}
