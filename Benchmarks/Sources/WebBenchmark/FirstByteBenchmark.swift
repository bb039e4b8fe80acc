import AsyncHTTPClient
import BenchmarkSupport
import Foundation
import NIOCore
import Persons
import RandomUserFixtures

/// Time to first byte of the home page, and of a search page (its address, `/?q=text`: the
/// list opened for the search and read before the page is written).
struct FirstByteBenchmark {
    let base: String
    let requests: Int
    let people: [Person]

    struct Report {
        let table: String
        let isMet: Bool
    }

    func run() async throws -> Report {
        let client = HTTPClient(configuration: .init(redirectConfiguration: .follow(max: 3, allowCycles: true)))
        defer { _ = client.shutdown() }
        var home: [Double] = []
        var search: [Double] = []
        var random = SplitMix64(seed: 5)
        for _ in 0..<(requests / 10) {  // warm up
            _ = try await firstByte(client, get: "/")
        }
        for _ in 0..<requests {
            home.append(try await firstByte(client, get: "/"))
            let name = people[Int.random(in: 0..<people.count, using: &random)].name
            let prefix = String(name.prefix(Int.random(in: 2...4, using: &random)))
            search.append(try await firstByte(client, search: prefix))
        }
        var table = """
            ## Time to first byte, \(requests) requests each, milliseconds

            | page | p50 | p99 | max | target p99 |
            |---|---:|---:|---:|---|

            """
        var isMet = true
        for (name, times) in [("home page", home), ("search page (GET /?q=…)", search)] {
            let p99 = percentile(times, 0.99) * 1_000
            isMet = isMet && p99 < 20
            table +=
                "| \(name) | \(format(median(times) * 1_000)) | \(format(p99)) | \(format((times.max() ?? 0) * 1_000)) "
                + "| < 20 \(p99 < 20 ? "met" : "MISSED") |\n"
        }
        return Report(table: table, isMet: isMet)
    }

    /// Seconds until the head of the answer to a GET of `path` arrived (the body is read after).
    private func firstByte(_ client: HTTPClient, get path: String) async throws -> Double {
        try await firstByte(client, HTTPClientRequest(url: base + path))
    }

    /// Seconds until the head of the page listing the search for `text` (its address) arrived.
    private func firstByte(_ client: HTTPClient, search text: String) async throws -> Double {
        try await firstByte(
            client, get: "/?q=" + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
    }

    private func firstByte(_ client: HTTPClient, _ request: HTTPClientRequest) async throws -> Double {
        let (response, elapsed) = try await seconds { try await client.execute(request, timeout: .seconds(10)) }
        precondition(response.status == .ok, "\(request.url): \(response.status)")
        _ = try await response.body.collect(upTo: 1 << 24)
        return elapsed
    }
}
