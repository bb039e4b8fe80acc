import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Live pages that come and go, in a process of their own (`WebBenchmark --visits BASE --count
/// N`): one home page after another, each opening its socket with the request Chromium sends,
/// reading until its first part arrives, and leaving as a closed tab does: every other one with
/// a close frame first, the rest by closing the connection. Says `done` on standard output once
/// all `N` have come and gone; a refused upgrade fails the run.
enum CycleClients {
    static func run(base: String, count: Int) async throws {
        let (host, port) = try PageClients.address(base)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let done = loop.makePromise(of: Void.self)
        let left = NIOLockedValueBox(count)
        loop.execute { CyclingPage(host: host, port: port, loop: loop, left: left, done: done).connect() }
        StallWatch.start(on: loop) {
            left.withLockedValue { $0 == 0 ? nil : $0 }
        } stalled: {
            let visit = count - left.withLockedValue { $0 } + 1
            let reason = "visit \(visit) of \(count) did not end within \(StallWatch.seconds) s"
            done.fail(StallWatch.Stalled(description: reason))
        }
        try await done.futureResult.get()
        PageClients.say("done")
        try await group.shutdownGracefully()
    }
}

/// One page's visit, which starts the next when it ends. Made and used on its event loop only.
final class CyclingPage: LivePage {
    private let host: String
    private let port: Int
    private let loop: any EventLoop
    /// The visits left, this one included.
    private let left: NIOLockedValueBox<Int>
    private let done: EventLoopPromise<Void>
    private var channel: (any Channel)?

    init(host: String, port: Int, loop: any EventLoop, left: NIOLockedValueBox<Int>, done: EventLoopPromise<Void>) {
        (self.host, self.port, self.loop, self.left, self.done) = (host, port, loop, left, done)
    }

    func connect() {
        let page = NIOLoopBound(self, eventLoop: loop)
        PageClient.connect(host: host, port: port, on: loop, page: self).whenComplete { result in
            switch result {
            case .success(let channel): page.value.channel = channel
            case .failure(let error): page.value.done.fail(error)
            }
        }
    }

    /// The first part has come: the page leaves.
    func received(part: Substring, beginning: [UInt8], bytes: Int) {
        guard let channel else { return }
        self.channel = nil
        if left.withLockedValue({ $0 }).isMultiple(of: 2) {
            channel.writeAndFlush(Self.closeFrame, promise: nil)
        }
        channel.close(promise: nil)
    }

    func refused(_ answer: String) {
        done.fail(Arrivals.PageFailed(stream: left.withLockedValue { $0 }, reason: answer))
    }

    /// The socket closed: the next page comes, or the run is done.
    func closed() {
        let remaining = left.withLockedValue { left in
            left -= 1
            return left
        }
        guard remaining > 0 else { return done.succeed() }
        CyclingPage(host: host, port: port, loop: loop, left: left, done: done).connect()
    }

    /// A client's close frame (status 1000), masked as every client frame is.
    static var closeFrame: ByteBuffer {
        let mask: [UInt8] = (0..<4).map { _ in UInt8.random(in: 0...255) }
        return ByteBuffer(bytes: [0x88, 0x82] + mask + [0x03 ^ mask[0], 0xE8 ^ mask[1]])
    }
}
