import Hummingbird

/// The test server's request context: which client address a request came from, for the quota.
struct FixtureContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The client's address, without its port.
    let client: String

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        client = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
}
