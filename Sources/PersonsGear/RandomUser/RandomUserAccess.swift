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
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { throw .http(.invalidURL(address)) }
        return .api(url)
    }

    /// Up to `count` users.
    ///
    /// ```swift
    /// let users = try await access.users(count: 100).users
    /// ```
    public func users(count: Int) async throws(RandomUserFailure) -> RandomUserBatch {
        switch source {
        case .bundled:
            var batch = try Self.decode(try Self.bundledSample())
            batch.users = Array(batch.users.prefix(count))
            return batch
        case .api(let base):
            let url = Self.url(base: base, count: count)
            let body: Data
            do {
                body = try await client.get(url)
            } catch {
                throw .http(error)
            }
            return try Self.decode(body)
        }
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

    /// Decodes an answer of the API. Records that cannot be read are counted, not fatal.
    ///
    /// ```swift
    /// let batch = try RandomUserAccess.decode(Data(#"{"results":[]}"#.utf8))
    /// ```
    public static func decode(_ data: Data) throws(RandomUserFailure) -> RandomUserBatch {
        let payload: RandomUserPayload
        do {
            payload = try JSONDecoder().decode(RandomUserPayload.self, from: data)
        } catch {
            throw .undecodable(detail: String(describing: error))
        }
        if let message = payload.error {
            throw .errorBody(message)
        }
        guard let results = payload.results else {
            throw .undecodable(detail: "neither \"results\" nor \"error\" in the answer")
        }
        var users: [RandomUser] = []
        users.reserveCapacity(results.count)
        var unreadable = 0
        for record in results {
            switch record.result {
            case .success(let user): users.append(user)
            case .failure: unreadable += 1
            }
        }
        return RandomUserBatch(users: users, unreadable: unreadable)
    }

    private static func bundledSample() throws(RandomUserFailure) -> Data {
        guard let url = Bundle.module.url(forResource: "randomuser-sample", withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else { throw .bundledSampleMissing }
        return data
    }
}
