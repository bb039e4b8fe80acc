import BenchmarkSupport
import Foundation
import NIOCore
import NIOPosix
import Persons

/// A page typing in the search box, as live.js does it: each key a patch of the page's address
/// sent over the socket it has (`/?q=M`, `/?q=Ma`, …, five letters of a name), one key after
/// the other's list has come (the app's script waits for a pause in typing). Measures the time
/// from a key's patch to the new list's rows on the page, and the pages the server opened
/// meanwhile: a search that moves over its socket opens none.
struct PatchBenchmark {
    let running: BenchmarkServer
    let words: [String]

    /// The phase's table and target: no new page opened (the time from a patch to its list is
    /// printed: no floor under it is measured yet).
    func run(base: String) async throws -> (table: String, targets: Targets) {
        guard let url = URL(string: base), let host = url.host, let port = url.port else {
            throw PageFailed(reason: "not an address: \(base)")
        }
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let page = TypingPage()
        let channel = try await loop.flatSubmit {
            PageClient.connect(host: host, port: port, on: loop, page: page)
        }.get()
        defer { channel.close(promise: nil) }
        var events = page.events.makeAsyncIterator()
        try await Self.wait(for: "list", in: &events)
        let opened = running.server.pagesOpened
        var times: [Double] = []
        for word in words {
            for length in 1...min(5, word.count) {
                let typed = String(word.prefix(length))
                let address = "/?q=" + (typed.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
                let (_, elapsed) = try await seconds {
                    try await channel.writeAndFlush(PageClient.frame(opcode: 0x1, Array(address.utf8)))
                    try await Self.wait(for: "at " + address, in: &events)
                    try await Self.wait(for: "list", in: &events)
                }
                times.append(elapsed)
            }
        }
        let newPages = running.server.pagesOpened - opened
        let p99 = percentile(times, 0.99) * 1_000
        var targets = Targets()
        targets.atMost("pages opened while typing", Double(newPages), 0, unit: "", orEqual: true, digits: 0)
        let table = """
            ## A page typing in its search box: \(words.count) names, five letters each, over the page's socket

            | figure | p50 | p99 | max |
            |---|---:|---:|---:|
            | a key's patch (`/?q=…` sent) to the new list's rows, ms | \(format(median(times) * 1_000)) | \(format(p99)) | \(format((times.max() ?? 0) * 1_000)) |

            \(times.count) patches; pages the server opened meanwhile: \(newPages).

            """
        return (table, targets)
    }

    /// Reads events until `expected` comes (parts before it, of the old address or of a key
    /// typed past, are what the page's script would not show).
    private static func wait(
        for expected: String, in events: inout AsyncStream<String>.Iterator
    ) async throws {
        while let event = await events.next() {
            if event == expected { return }
            if event == "closed" { throw PageFailed(reason: "the page's socket closed") }
        }
        throw PageFailed(reason: "the page's events ended")
    }

    struct PageFailed: Error, CustomStringConvertible {
        let reason: String
        var description: String { "the typing page failed: \(reason)" }
    }
}

/// The typing page's end of its socket: each message as an event, the part it carries (`list`)
/// or where the page moved (`at /?q=Ma`).
final class TypingPage: LivePage, Sendable {
    let events: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    init() {
        (events, continuation) = AsyncStream.makeStream(of: String.self)
    }

    func received(part: Substring, beginning: [UInt8], bytes: Int) {
        let start = String(decoding: beginning.prefix(80), as: UTF8.self)
        if start.hasPrefix(#"{"at":""#) {
            continuation.yield("at " + start.dropFirst(7).prefix { $0 != "\"" })
        } else {
            continuation.yield(String(part))
        }
    }

    func refused(_ answer: String) { continuation.yield("closed") }

    func closed() {
        continuation.yield("closed")
        continuation.finish()
    }
}
