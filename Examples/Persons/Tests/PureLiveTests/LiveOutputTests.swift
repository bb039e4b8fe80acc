import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import PersonsWeb

/// A page's end of its hub: it writes to the connection itself, and what waits is bounded by
/// the page's parts.
@Suite("Live output")
struct LiveOutputTests {
    func event(_ part: String, _ html: String, _ number: Int) -> LiveEvent {
        LiveEvent(fragment: Fragment(id: part, html: html), number: number)
    }

    /// A connection as Hummingbird's are: an HTTP/1 response encoder, and a response head written
    /// through it without a length, so its body is chunked.
    func connection() async throws -> NIOAsyncTestingChannel {
        let channel = NIOAsyncTestingChannel()
        try await channel.pipeline.addHandler(HTTPResponseEncoder())
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080))
        try await channel.writeOutbound(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .ok)))
        let head = try #require(try await channel.readOutbound(as: ByteBuffer.self))
        #expect(String(buffer: head).lowercased().contains("transfer-encoding: chunked"))
        return channel
    }

    /// The body written to `channel` so far, its chunks decoded; fails on a malformed chunk.
    func written(_ channel: NIOAsyncTestingChannel) async throws -> String {
        await channel.testingEventLoop.run()
        var raw = ByteBuffer()
        while var part = try await channel.readOutbound(as: ByteBuffer.self) { raw.writeBuffer(&part) }
        return try #require(Self.dechunked(String(buffer: raw)), "not a chunked body: \(String(buffer: raw))")
    }

    /// The body that `chunks` frame (`<length in hex>\r\n<bytes>\r\n`, over and over), or nil.
    static func dechunked(_ chunks: String) -> String? {
        var rest = Array(chunks.utf8)[...]
        var body: [UInt8] = []
        let crlf: [UInt8] = [13, 10]
        while !rest.isEmpty {
            guard let line = rest.firstRange(of: crlf),
                let size = Int(String(decoding: rest[..<line.lowerBound], as: UTF8.self), radix: 16),
                rest.count >= line.upperBound - rest.startIndex + size + 2,
                rest[(line.upperBound + size)...].starts(with: crlf)
            else { return nil }
            body += rest[line.upperBound..<line.upperBound + size]
            rest = rest[(line.upperBound + size + 2)...]
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// Attaches `output` to `channel`, returning once it is in the channel's pipeline; the task ends
    /// with the page.
    func attach(_ output: LiveOutput, _ channel: NIOAsyncTestingChannel) async throws -> Task<Void, Never> {
        let attached = Task { await output.attach(channel) }
        for _ in 0..<1_000 where output.eventLoop == nil {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(output.eventLoop != nil)
        await channel.testingEventLoop.run()
        return attached
    }

    @Test("a page not yet started holds one fragment per part, the newest of each, and writes them when it starts")
    func coalesces() async throws {
        let output = LiveOutput()
        for round in 0..<1_000 {
            for part in ["switches", "list", "sync"] {
                output.deliver([event(part, "\(part) \(round)", round)])
            }
        }
        #expect(output.waiting == 3)
        let channel = try await connection()
        let attached = try await attach(output, channel)
        let text = try await written(channel)
        for part in ["switches", "list", "sync"] {
            #expect(text.contains("\(part) 999"), "\(text)")
        }
        #expect(!text.contains("998"))
        #expect(output.waiting == 0)
        output.finish()
        await attached.value
    }

    @Test("a connection that cannot take more is written nothing until it can, then at once each part as it is now")
    func waitsUntilWritable() async throws {
        let output = LiveOutput()
        let channel = try await connection()
        let attached = try await attach(output, channel)
        channel.isWritable = false
        try await channel.testingEventLoop.executeInContext {
            output.deliver([self.event("list", "old rows", 1)])
            output.deliver([self.event("list", "new rows", 2)])
        }
        #expect(try await written(channel) == "")
        #expect(output.waiting == 1)
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        let text = try await written(channel)
        #expect(text.contains("new rows") && !text.contains("old rows"), "\(text)")
        #expect(text.hasPrefix("id: 2\n"))
        output.finish()
        await attached.value
    }

    @Test("a finished page writes nothing more, and its connection's wait ends")
    func finishes() async throws {
        let output = LiveOutput()
        let channel = try await connection()
        let attached = try await attach(output, channel)
        output.finish()
        await attached.value
        try await channel.testingEventLoop.executeInContext { output.deliver([self.event("sync", "late", 3)]) }
        #expect(try await written(channel) == "")
    }

    @Test("a client that closes its side ends the page, which leaves the connection's pipeline")
    func inputClosed() async throws {
        let output = LiveOutput()
        let channel = try await connection()
        let attached = try await attach(output, channel)
        #expect(try await channel.pipeline.containsHandler(type: LiveOutput.self).get() == ())
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        await attached.value
        await channel.testingEventLoop.run()
        await #expect(throws: ChannelPipelineError.self) {
            try await channel.pipeline.containsHandler(type: LiveOutput.self).get()
        }
    }

    @Test("a connection that is not HTTP/1 ends the page at once")
    func notHTTP1() async throws {
        let output = LiveOutput()
        let channel = NIOAsyncTestingChannel()
        let attached = Task { await output.attach(channel) }
        for _ in 0..<1_000 where output.eventLoop == nil {
            try await Task.sleep(for: .milliseconds(1))
        }
        await channel.testingEventLoop.run()
        await attached.value
    }

    @Test("a closed connection ends the page")
    func closedConnection() async throws {
        let output = LiveOutput()
        let channel = try await connection()
        let attached = try await attach(output, channel)
        try await channel.close()
        await attached.value
    }

    @Test("a part encodes to the same bytes every time, so an unchanged part is never sent again")
    func stableEncoding() {
        let events = (0..<50).map { _ in Fragment(id: "search", html: "<form></form>").event }
        #expect(Set(events).count == 1)
        #expect(events.first?.hasSuffix(#"{"html":"<form><\/form>","id":"search"}"# + "\n\n") == true)
    }
}
