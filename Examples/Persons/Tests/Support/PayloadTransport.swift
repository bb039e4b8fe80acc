import Foundation
import PersonsGear

/// A transport that answers every GET with the same status and bytes, but a photo's (a
/// `/portraits/` address) with the sample photo: for feeding the web worker payloads no server
/// would send.
public struct PayloadTransport: HTTPTransport {
    let status: Int
    let body: Data

    /// Answers `body` with `status`.
    public init(_ body: Data, status: Int = 200) {
        self.body = body
        self.status = status
    }

    /// The same reply, whatever the address but a photo's.
    public func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPReply {
        guard request.url.path.contains("/portraits/") else { return HTTPReply(status: status, body: body) }
        return HTTPReply(status: 200, body: Data(Samples.photo.bytes))
    }
}
