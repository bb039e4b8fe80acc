import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import PureLive

/// A page's end of its hub: it writes whole WebSocket frames to the connection itself, and what
/// waits is bounded by the page's parts.
@Suite("Live output")
struct LiveOutputTests {
    func event(_ part: String, _ html: String, _ number: Int) -> LiveEvent {
        LiveEvent(fragment: Fragment(id: part, html: html), number: number)
    }

    /// A connection as an upgraded WebSocket is: its frame encoder in the pipeline.
    func connection() async throws -> NIOAsyncTestingChannel {
        let channel = NIOAsyncTestingChannel()
        try await channel.pipeline.addHandler(WebSocketFrameEncoder())
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080))
        return channel
    }

    /// The text messages written to `channel` so far; fails on a malformed frame.
    func written(_ channel: NIOAsyncTestingChannel) async throws -> [String] {
        await channel.testingEventLoop.run()
        var raw: [UInt8] = []
        while let part = try await channel.readOutbound(as: ByteBuffer.self) { raw += part.readableBytesView }
        return try #require(Self.messages(raw), "not whole frames: \(raw)")
    }

    /// The payloads of the text frames `bytes` hold, or nil if they are not whole, unmasked frames.
    static func messages(_ bytes: [UInt8]) -> [String]? {
        var messages: [String] = []
        var at = 0
        while at < bytes.count {
            guard bytes.count >= at + 2, bytes[at] & 0x80 != 0, bytes[at + 1] & 0x80 == 0 else { return nil }
            var length = Int(bytes[at + 1])
            var start = at + 2
            let extra = length == 126 ? 2 : length == 127 ? 8 : 0
            guard bytes.count >= start + extra else { return nil }
            if extra > 0 { length = bytes[start..<start + extra].reduce(0) { $0 << 8 | Int($1) } }
            start += extra
            guard bytes.count >= start + length else { return nil }
            if bytes[at] & 0x0F == 0x1 {
                messages.append(String(decoding: bytes[start..<start + length], as: UTF8.self))
            }
            at = start + length
        }
        return messages
    }

    /// Attaches `output` to `channel`, returning once it is in the channel's pipeline.
    func attach(_ output: LiveOutput, _ channel: NIOAsyncTestingChannel) async throws {
        output.attach(channel) { SlowReaderGuard(timeout: .seconds(10)) {} }
        await channel.testingEventLoop.run()
        #expect(try await channel.pipeline.containsHandler(type: LiveOutput.self).get() == ())
    }

    @Test("a page not yet attached holds one part each, the newest, and writes them when attached")
    func coalesces() async throws {
        let output = LiveOutput()
        for round in 0..<1_000 {
            for part in ["switches", "list", "sync"] {
                output.deliver([event(part, "\(part) \(round)", round)])
            }
        }
        #expect(output.waiting == 3)
        let channel = try await connection()
        try await attach(output, channel)
        let text = try await written(channel)
        #expect(text.count == 3, "\(text)")
        for part in ["switches", "list", "sync"] {
            #expect(text.contains { $0.contains("\(part) 999") }, "\(text)")
        }
        #expect(!text.joined().contains("998"))
        #expect(output.waiting == 0)
        output.finish()
    }

    @Test("a connection that cannot take more is written nothing until it can, then at once each part as it is now")
    func waitsUntilWritable() async throws {
        let output = LiveOutput()
        let channel = try await connection()
        try await attach(output, channel)
        channel.isWritable = false
        try await channel.testingEventLoop.executeInContext {
            output.deliver([self.event("list", "old rows", 1)])
            output.deliver([self.event("list", "new rows", 2)])
        }
        #expect(try await written(channel) == [])
        #expect(output.waiting == 1)
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        let text = try await written(channel)
        #expect(text == [#"{"n":2,"html":"new rows","id":"list"}"#], "\(text)")
        output.finish()
    }

    @Test("a finished page writes nothing more, and leaves the connection's pipeline")
    func finishes() async throws {
        let output = LiveOutput()
        let channel = try await connection()
        try await attach(output, channel)
        output.finish()
        try await channel.testingEventLoop.executeInContext { output.deliver([self.event("sync", "late", 3)]) }
        #expect(try await written(channel) == [])
        await #expect(throws: ChannelPipelineError.self) {
            try await channel.pipeline.containsHandler(type: LiveOutput.self).get()
        }
    }

    @Test("a client that closes its side, or a closed connection, ends the page")
    func inputClosed() async throws {
        let output = LiveOutput()
        let channel = try await connection()
        try await attach(output, channel)
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        await channel.testingEventLoop.run()
        #expect(output.isFinished)

        let closing = LiveOutput()
        let other = try await connection()
        try await attach(closing, other)
        try await other.close()
        #expect(closing.isFinished)
    }

    @Test("a connection that is no WebSocket is closed at once")
    func notWebSocket() async throws {
        let output = LiveOutput()
        let channel = NIOAsyncTestingChannel()
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080))
        output.attach(channel) { SlowReaderGuard(timeout: .seconds(10)) {} }
        await channel.testingEventLoop.run()
        #expect(output.isFinished)
        #expect(!channel.isActive)
    }

    @Test("a part encodes to the same frame every time, so an unchanged part is never sent again")
    func stableEncoding() {
        let events = (0..<50).map { _ in event("search", "<form></form>", 7) }
        #expect(Set(events.map(\.bytes)).count == 1)
        let payload = #"{"n":7,"html":"<form><\/form>","id":"search"}"#
        #expect(Self.messages(Array(events[0].bytes.readableBytesView)) == [payload])
    }

    @Test("frames of every length class carry their payload whole", arguments: [0, 125, 126, 65_535, 65_536])
    func lengths(length: Int) {
        let frame = LiveEvent.frame(opcode: 0x1, ByteBuffer(repeating: UInt8(ascii: "x"), count: length))
        #expect(Self.messages(Array(frame.readableBytesView)) == [String(repeating: "x", count: length)])
    }
}
