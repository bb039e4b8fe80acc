import Foundation
import PersonsGear

/// A transport that answers every GET with the same status and bytes: for feeding the web
/// worker payloads no server would send.
public struct PayloadTransport: HTTPTransport {
    let status: Int
    let body: Data

    /// Answers `body` with `status`.
    public init(_ body: Data, status: Int = 200) {
        self.body = body
        self.status = status
    }

    /// The same reply, whatever the address.
    public func get(_ url: URL, timeout: Duration) async throws -> HTTPReply {
        HTTPReply(status: status, body: body)
    }
}
