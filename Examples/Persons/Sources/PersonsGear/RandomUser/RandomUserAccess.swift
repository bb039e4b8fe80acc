import Foundation
import Logging

/// Reads people from a randomuser.me-compatible API, or from the sample bundled with the app,
/// through the same decoding path.
///
/// ```swift
/// let access = RandomUserAccess(source: .bundled, client: HTTPJSONClient(transport: AsyncHTTPTransport()))
/// let batch = try await access.users(of: RandomUserPage(number: 1, results: 100, seed: "a", keep: 100))
/// ```
public struct RandomUserAccess: Sendable {
    /// Where the people come from.
    public enum Source: Equatable, Sendable {
        /// An API at this base URL, asked with `?results=N&seed=S&page=P`.
        case api(URL)
        /// The sample file bundled with the app: works offline.
        case bundled
    }

    private let source: Source
    private let client: HTTPJSONClient
    private let logger: Logger

    /// Creates an access.
    ///
    /// ```swift
    /// RandomUserAccess(source: .api(base), client: client)
    /// ```
    public init(source: Source, client: HTTPJSONClient, logger: Logger = Logger(label: "pure.gear.randomuser")) {
        self.source = source
        self.client = client
        self.logger = logger
    }

    /// Reads a source from the address a user typed: `nil`, empty or "bundled" for the bundled
    /// sample, otherwise an absolute http(s) URL.
    ///
    /// ```swift
    /// try RandomUserAccess.source(for: "http://127.0.0.1:8081/")   // .api(...)
    /// ```
    public static func source(for address: String?) throws(RandomUserFailure) -> Source {
        guard let address, !address.isEmpty, address != "bundled" else { return .bundled }
        guard let url = WebAddress.url(address) else { throw .http(.invalidURL(address)) }
        return .api(url)
    }

    /// How many records are decoded at a time.
    public static let chunkSize = 2_000

    /// The most people the API gives in one answer: randomuser.me answers a larger (or zero,
    /// or non-numeric) `results` with one person, so a larger count is asked in pages.
    public static let largestPage = 5_000

    /// The highest page the API serves: beyond it, randomuser.me answers page 1 again.
    public static let lastPage = 10_000

    /// The API version every request asks for, so that the people's shape does not change
    /// under a sync.
    public static let version = "1.4"

    /// The people of `page`, all at once.
    ///
    /// ```swift
    /// let users = try await access.users(of: RandomUserPage(number: 1, results: 100, seed: "a", keep: 100)).users
    /// ```
    public func users(of page: RandomUserPage) async throws(RandomUserFailure) -> RandomUserBatch {
        var merged = RandomUserBatch(users: [], unreadable: 0)
        for chunk in try await chunks(of: page) {
            merged.append(try chunk.decode())
        }
        return merged
    }

    /// The people of `page` in batches of ``chunkSize``, each decoded while the previous ones
    /// are handled: the answer (or the bundled sample) is read first, then decoded a chunk at a
    /// time. `waiting` hears of each wait the API asks for (429). A failure ends the stream.
    ///
    /// ```swift
    /// for await batch in access.batches(of: page) { ... }
    /// ```
    public func batches(
        of page: RandomUserPage, waiting: @escaping @Sendable (Duration) -> Void = { _ in }
    ) -> AsyncStream<Result<RandomUserBatch, RandomUserFailure>> {
        let (stream, continuation) = AsyncStream.makeStream(of: Result<RandomUserBatch, RandomUserFailure>.self)
        let producer = Task {
            do throws(RandomUserFailure) {
                for chunk in try await chunks(of: page, waiting: waiting) {
                    guard !Task.isCancelled else { break }
                    continuation.yield(.success(try chunk.decode()))
                }
            } catch {
                continuation.yield(.failure(error))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in producer.cancel() }
        return stream
    }

    /// Whether the people come from the bundled sample, one page of at most its size.
    public var isBundled: Bool { source == .bundled }

    /// The answer for `page`, cut into chunks of records. The bundled sample is one page.
    private func chunks(
        of page: RandomUserPage, waiting: @escaping @Sendable (Duration) -> Void = { _ in }
    ) async throws(RandomUserFailure) -> [RecordChunk] {
        let body: Data
        switch source {
        case .bundled:
            guard page.number == 1 else { return [] }
            body = try Self.bundledSample()
        case .api(let base):
            do {
                body = try await client.get(Self.url(base: base, page: page), waiting: waiting)
            } catch {
                throw .http(error)
            }
        }
        let records = try Self.records(in: body)
        return RecordChunk.chunks(of: body, records: records.prefix(page.keep), size: Self.chunkSize)
    }

    /// The address of `page` at `base`: `results`, `seed` (unless `base` names one: a seed the
    /// user gave is kept) and `page` in its query, keeping what the query had; the version pinned
    /// when `base` is the API's root (`…/api/`).
    ///
    /// ```swift
    /// RandomUserAccess.url(base: URL(string: "https://randomuser.me/api/")!, page: page)
    /// // https://randomuser.me/api/1.4/?results=5000&seed=k3x9&page=3
    /// ```
    public static func url(base: URL, page: RandomUserPage) -> URL {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return base }
        if components.path == "/api" || components.path == "/api/" {
            components.path = "/api/\(version)/"
        }
        var items = components.queryItems ?? []
        let givenSeed = items.first { $0.name == "seed" && !($0.value ?? "").isEmpty }
        items.removeAll { ["results", "page", "seed"].contains($0.name) }
        items.append(URLQueryItem(name: "results", value: String(page.results)))
        items.append(givenSeed ?? URLQueryItem(name: "seed", value: page.seed))
        items.append(URLQueryItem(name: "page", value: String(page.number)))
        components.queryItems = items
        return components.url ?? base
    }

    /// Decodes an answer of the API, a chunk of records at a time, as ``batches(of:waiting:)`` does.
    /// Records that cannot be read are counted, not fatal.
    ///
    /// ```swift
    /// let batch = try RandomUserAccess.decode(Data(#"{"results":[]}"#.utf8))
    /// ```
    public static func decode(_ data: Data) throws(RandomUserFailure) -> RandomUserBatch {
        var merged = RandomUserBatch(users: [], unreadable: 0)
        for chunk in RecordChunk.chunks(of: data, records: try records(in: data)[...], size: chunkSize) {
            merged.append(try chunk.decode())
        }
        return merged
    }

    /// Where the records of an answer are, or the error it reports.
    private static func records(in data: Data) throws(RandomUserFailure) -> [Range<Int>] {
        switch try RandomUserSplitter.outline(of: data) {
        case .records(let records): return records
        case .error(let message): throw .errorBody(message)
        }
    }

    private static func bundledSample() throws(RandomUserFailure) -> Data {
        guard let url = Bundle.module.url(forResource: "randomuser-sample", withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else { throw .bundledSampleMissing }
        return data
    }
}
