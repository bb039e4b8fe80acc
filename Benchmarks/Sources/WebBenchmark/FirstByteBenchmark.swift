import AsyncHTTPClient
import BenchmarkSupport
import Foundation
import NIOCore
import Persons
import RandomUserFixtures

/// Time to first byte of the home page, and of a search page (its address, `/?q=text`: the
/// list opened for the search and read before the page is written), beside its floor: a bare
/// server answering as many bytes from memory. Printed, with no target: a search page's floor
/// would need its reads' too.
struct FirstByteBenchmark {
    let base: String
    let requests: Int
    let people: [Person]

    struct Report {
        let table: String
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
        let homeSize = try await bodySize(client, "/")
        let floor = try await FixedBodyServer.withRunning(size: homeSize) { floor in
            var times: [Double] = []
            for _ in 0..<requests { times.append(try await firstByte(client, HTTPClientRequest(url: floor + "/"))) }
            return times
        }
        var table = """
            ## Time to first byte, \(requests) requests each, milliseconds

            | page | p50 | p99 | max |
            |---|---:|---:|---:|

            """
        for (name, times) in [
            ("home page", home), ("search page (GET /?q=…)", search),
            ("the floor: a bare server answering the home page's \(homeSize) bytes", floor),
        ] {
            table +=
                "| \(name) | \(format(median(times) * 1_000)) | \(format(percentile(times, 0.99) * 1_000)) | \(format((times.max() ?? 0) * 1_000)) |\n"
        }
        return Report(table: table)
    }

    /// The size of the answer to a GET of `path`, in octets.
    private func bodySize(_ client: HTTPClient, _ path: String) async throws -> Int {
        let response = try await client.execute(HTTPClientRequest(url: base + path), timeout: .seconds(10))
        return try await response.body.collect(upTo: 1 << 24).readableBytes
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

    func firstByte(_ client: HTTPClient, _ request: HTTPClientRequest) async throws -> Double {
        let (response, elapsed) = try await seconds { try await client.execute(request, timeout: .seconds(10)) }
        precondition(response.status == .ok, "\(request.url): \(response.status)")
        _ = try await response.body.collect(upTo: 1 << 24)
        return elapsed
    }
}
