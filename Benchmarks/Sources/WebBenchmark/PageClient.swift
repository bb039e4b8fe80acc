import NIOCore

/// One open page: asks for the home page's stream once connected, and records the arrival of
/// each switches fragment, on its event loop, as the bytes come. A response that does not start
/// with `200`, or a connection that closes before the run ends, fails the run.
final class PageClient: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let stream: Int
    private let request: ByteBuffer
    private let arrivals: Arrivals
    private var counter = EventCounter(marker: #""id":"switches""#)
    private var isStarted = false

    init(stream: Int, request: ByteBuffer, arrivals: Arrivals) {
        self.stream = stream
        self.request = request
        self.arrivals = arrivals
    }

    func channelActive(context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(request), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        if !isStarted {
            isStarted = true
            guard bytes.readableBytesView.starts(with: "HTTP/1.1 200 ".utf8) else {
                return arrivals.fail(stream, "the response is not 200: \(String(buffer: bytes).prefix(80))")
            }
        }
        for _ in 0..<counter.feed(bytes) { arrivals.record(stream) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        arrivals.fail(stream, "the connection closed")
        context.fireChannelInactive()
    }
}
