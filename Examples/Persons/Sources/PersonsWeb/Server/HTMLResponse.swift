import Hummingbird

/// A page or fragment of HTML with a status.
struct HTMLResponse: ResponseGenerator {
    var status: HTTPResponse.Status = .ok
    let html: String

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
