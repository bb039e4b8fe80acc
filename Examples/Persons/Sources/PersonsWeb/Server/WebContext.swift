import Hummingbird

/// The request context of the web screens: forms are URL-encoded, and small.
struct WebContext: RequestContext {
    var coreContext: CoreRequestContextStorage

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// The largest form accepted; beyond it the request gets a 413 page.
    var maxUploadSize: Int { 16 * 1_024 }

    var requestDecoder: URLEncodedFormDecoder { URLEncodedFormDecoder() }
}
