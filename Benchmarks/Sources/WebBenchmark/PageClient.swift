import Foundation
import NIOCore
import NIOPosix

/// One open page's socket: once connected it asks for the home page's WebSocket with the
/// request Chromium sends, then reads its frames as the bytes come (see ``FrameReader``),
/// answers pings with pongs as a browser does, and tells `page` of each message by the part it
/// carries. An upgrade that is not answered `101` fails the run.
final class PageClient: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let request: ByteBuffer
    private let page: any LivePage
    private var reader = FrameReader()

    init(request: ByteBuffer, page: any LivePage) {
        self.request = request
        self.page = page
    }

    func channelActive(context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(request), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        reader.feed(unwrapInboundIn(data)) { frame in
            switch frame.opcode {
            case 0x1:
                page.received(
                    part: Self.part(endingWith: frame.ending), beginning: frame.beginning, bytes: frame.bytes)
            case 0x9: context.writeAndFlush(wrapOutboundOut(Self.pong(frame.ending)), promise: nil)
            default: break
            }
        }
        if let failure = reader.failure {
            page.refused(failure)
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        page.closed()
        context.fireChannelInactive()
    }

    /// Opens the home page's socket on `host`:`port` from `loop`, as Chromium asks for it,
    /// telling `page` what comes; call on `loop`, where `page` lives.
    static func connect(
        host: String, port: Int, on loop: any EventLoop, page: any LivePage
    ) -> EventLoopFuture<any Channel> {
        let page = NIOLoopBound(page, eventLoop: loop)
        let request = ByteBuffer(string: browserRequest(host: "\(host):\(port)"))
        return ClientBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(PageClient(request: request, page: page.value))
                }
            }
            .connect(host: host, port: port)
    }

    /// The part a message ends with: `…,"id":"switches"}` gives `switches`.
    static func part(endingWith ending: [UInt8]) -> Substring {
        let text = String(decoding: ending, as: UTF8.self)
        guard let id = text.range(of: #""id":""#, options: .backwards) else { return "" }
        return text[id.upperBound...].dropLast(2)
    }

    /// A client's pong answering a ping that carried `payload`.
    static func pong(_ payload: [UInt8]) -> ByteBuffer {
        frame(opcode: 0xA, payload)
    }

    /// A client's final frame of `opcode` carrying `payload` (under 64 KiB): masked, as every
    /// client frame is (RFC 6455, 5.3).
    static func frame(opcode: UInt8, _ payload: [UInt8]) -> ByteBuffer {
        let mask: [UInt8] = (0..<4).map { _ in UInt8.random(in: 0...255) }
        var frame = ByteBuffer()
        frame.writeInteger(0x80 | opcode)
        if payload.count < 126 {
            frame.writeInteger(0x80 | UInt8(payload.count))
        } else {
            frame.writeInteger(UInt8(0x80 | 126))
            frame.writeInteger(UInt16(payload.count))
        }
        frame.writeBytes(mask)
        frame.writeBytes(payload.enumerated().map { $0.element ^ mask[$0.offset % 4] })
        return frame
    }

    /// The request Chromium makes to open a page's WebSocket at `path`, headers and all.
    static func browserRequest(host: String, path: String = "/") -> String {
        let key = (0..<16).map { _ in UInt8.random(in: 0...255) }
        return [
            "GET \(path) HTTP/1.1", "Host: \(host)", "Connection: Upgrade", "Pragma: no-cache",
            "Cache-Control: no-cache",
            "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
            "Upgrade: websocket", "Origin: http://\(host)", "Sec-WebSocket-Version: 13",
            "Accept-Encoding: gzip, deflate, br", "Accept-Language: en-US,en;q=0.9",
            "Sec-WebSocket-Key: \(Data(key).base64EncodedString())",
            "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits",
        ].map { $0 + "\r\n" }.joined() + "\r\n"
    }
}
/// What a page client tells the page it serves, on the connection's event loop.
protocol LivePage: AnyObject {
    /// A message carrying the part `part`, its payload starting with `beginning`, arrived: a
    /// frame of `bytes` bytes on the wire, its header included.
    func received(part: Substring, beginning: [UInt8], bytes: Int)
    /// The upgrade was answered with something other than `101`.
    func refused(_ answer: String)
    /// The connection closed.
    func closed()
}
