import NIOCore
import NIOEmbedded
import Testing

@testable import PureLive

/// A connection that has not sent its first request's headers closes at its timeout, and when the
/// server shuts down; once they have come, it is the HTTP handlers' to close.
@Suite("Headers timeout")
struct HeadersTimeoutTests {
    func connection() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(
            HeadersTimeout(timeout: .seconds(20), waiting: WaitingConnections(most: 8, mostSockets: 4)))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        return channel
    }

    @Test("a connection that sent nothing, or part of its headers, closes when the server shuts down")
    func closesOnShutdown() throws {
        for sent in ["", "GET / HTTP/1.1\r\nHost: 127."] {
            let channel = try connection()
            if !sent.isEmpty { try channel.writeInbound(ByteBuffer(string: sent)) }
            channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
            #expect(!channel.isActive, "after \(sent.utf8.count) bytes")
        }
    }

    @Test(
        "a connection whose headers came is left to the HTTP handlers at shutdown; one that sends nothing closes at its timeout"
    )
    func leavesOnceHeadersCame() throws {
        let channel = try connection()
        try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
        channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        #expect(channel.isActive)
        #expect(try channel.readInbound(as: ByteBuffer.self).map(String.init(buffer:))?.hasPrefix("GET /") == true)
        _ = try channel.finish()

        let silent = try connection()
        silent.embeddedEventLoop.advanceTime(by: .seconds(19))
        #expect(silent.isActive)
        silent.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!silent.isActive)
    }
}
