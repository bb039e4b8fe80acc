import Persons

/// The fragments one open page receives while its view model watches the state, and the way
/// to stop them. Stopping (or dropping the stream) ends the watching, which releases every
/// subscription the view model made. A heartbeat (a fragment with no id) every
/// ``heartbeat`` lets a connection that died quietly be noticed.
struct LiveFragments: Sendable {
    static let heartbeat = Duration.seconds(15)

    let stream: AsyncStream<Fragment>
    let stop: @Sendable () -> Void

    /// Runs `watch` in a task that yields into the stream until it ends or is stopped.
    init(watch: @escaping @Sendable (AsyncStream<Fragment>.Continuation) async -> Void) {
        let (stream, continuation) = AsyncStream.makeStream(of: Fragment.self)
        let watching = Task {
            await watch(continuation)
            continuation.finish()
        }
        let beating = Task {
            while (try? await Task.sleep(for: Self.heartbeat)) != nil {
                continuation.yield(.heartbeat)
            }
        }
        continuation.onTermination = { _ in
            watching.cancel()
            beating.cancel()
        }
        self.stream = stream
        stop = { continuation.finish() }
    }
}
