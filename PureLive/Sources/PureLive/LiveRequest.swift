import Hummingbird
import HummingbirdCore

/// A request for a live page, as a screen's `open` sees it: the page's address and the
/// parameters its path pattern captured. The same for the page's first load and for its socket.
///
/// ```swift
/// live.page("/people/:id", on: router) { request in
///     try await DetailScreen(service, id: request.parameters.require("id"))
/// }
/// ```
public struct LiveRequest: Sendable {
    /// The page's address: path and query.
    public let uri: URI
    /// What the path pattern captured (`:id`), still percent-encoded.
    public let parameters: Parameters

    /// The address pages share a hub by: its path and query, as asked for.
    var address: String {
        uri.query.map { "\(uri.path)?\($0)" } ?? uri.path
    }
}
