import NIOCore
import NIOHTTPTypes

/// Marks an HTTP connection as waiting (see ``WaitingConnections``) from the end of each response
/// until the next request's headers come: a kept-alive connection that sends nothing more then
/// holds its place no more than one that never sent a request. Requests sent before their
/// answer (pipelined) are counted, so a connection with one under way never waits.
final class IdleConnection: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let waiting: WaitingConnections
    private var ticket: Int?
    private var underWay = 0

    init(waiting: WaitingConnections) {
        self.waiting = waiting
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            underWay += 1
            if let ticket { waiting.remove(ticket) }
            ticket = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            underWay = max(0, underWay - 1)
            if underWay == 0, ticket == nil { ticket = waiting.add(context.channel) }
        }
        context.write(data, promise: promise)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if let ticket { waiting.remove(ticket) }
        ticket = nil
    }
}
