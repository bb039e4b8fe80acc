import Hummingbird
import NIOCore

/// The request context of the web screens: forms are URL-encoded, and small.
struct WebContext: RequestContext {
    var coreContext: CoreRequestContextStorage

    /// The connection: a live page's hub writes its events to it directly.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// The largest form accepted; beyond it the request gets a 413 page.
    var maxUploadSize: Int { 16 * 1_024 }

    var requestDecoder: URLEncodedFormDecoder { URLEncodedFormDecoder() }
}
