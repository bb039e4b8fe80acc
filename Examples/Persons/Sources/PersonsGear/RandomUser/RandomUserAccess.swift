import Foundation
import Logging

/// Reads people from a randomuser.me-compatible API, or from the sample bundled with the app,
/// through the same decoding path.
///
/// ```swift
/// let access = RandomUserAccess(source: .bundled, client: HTTPJSONClient(transport: URLSessionTransport()))
/// let batch = try await access.users(count: 100)
/// ```
public struct RandomUserAccess: Sendable {
    /// Where the people come from.
    public enum Source: Equatable, Sendable {
        /// An API at this base URL, asked with `?results=N`.
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

    /// Up to `count` users, all at once.
    ///
    /// ```swift
    /// let users = try await access.users(count: 100).users
    /// ```
    public func users(count: Int) async throws(RandomUserFailure) -> RandomUserBatch {
        var merged = RandomUserBatch(users: [], unreadable: 0)
        for chunk in try await chunks(count: count) {
            merged.append(try chunk.decode())
        }
        return merged
    }

    /// Up to `count` users in batches of ``chunkSize``, each decoded while the previous ones
    /// are handled: the download (or the bundled sample) is read first, then decoded a chunk
    /// at a time. A failure ends the stream.
    ///
    /// ```swift
    /// for await batch in access.batches(count: 100_000) { ... }
    /// ```
    public func batches(count: Int) -> AsyncStream<Result<RandomUserBatch, RandomUserFailure>> {
        let (stream, continuation) = AsyncStream.makeStream(of: Result<RandomUserBatch, RandomUserFailure>.self)
        let producer = Task {
            do throws(RandomUserFailure) {
                for chunk in try await chunks(count: count) {
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

    /// The answer for `count` users, cut into chunks of records.
    private func chunks(count: Int) async throws(RandomUserFailure) -> [RecordChunk] {
        let body: Data
        switch source {
        case .bundled:
            body = try Self.bundledSample()
        case .api(let base):
            do {
                body = try await client.get(Self.url(base: base, count: count))
            } catch {
                throw .http(error)
            }
        }
        let records = try Self.records(in: body)
        return RecordChunk.chunks(of: body, records: records.prefix(max(0, count)), size: Self.chunkSize)
    }

    /// `base` with `results=count` added to its query, keeping what the query had.
    ///
    /// ```swift
    /// RandomUserAccess.url(base: URL(string: "https://randomuser.me/api/")!, count: 5)
    /// // https://randomuser.me/api/?results=5
    /// ```
    public static func url(base: URL, count: Int) -> URL {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return base }
        var items = components.queryItems ?? []
        items.removeAll { $0.name == "results" }
        items.append(URLQueryItem(name: "results", value: String(count)))
        components.queryItems = items
        return components.url ?? base
    }

    /// Decodes an answer of the API, a chunk of records at a time, as ``batches(count:)`` does.
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
