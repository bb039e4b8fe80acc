import Hummingbird
import Testing

@testable import PureLive

/// The client script is kept by browsers and asked again each time: a 304 while it has not
/// changed, the script when the browser's copy is another.
@Suite("The client script")
struct ClientScriptTests {
    @Test("is sent with its ETag, and a browser holding that ETag gets a 304 with no body")
    func notModified() async throws {
        let live = LiveEngine()
        let router = Router()
        live.script(at: "/live.js", on: router)
        let tag = LiveEngine.clientScriptTag
        #expect(tag.wholeMatch(of: /"[0-9a-f]{1,16}"/) != nil)
        try await withServer(live, router: router) { port in
            let first = try await RawConnection.open(port: port).exchange(
                Array("GET /live.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
            #expect(first.hasPrefix("HTTP/1.1 200 OK"))
            #expect(
                first.lowercased().contains("etag: \(tag)") && first.lowercased().contains("cache-control: no-cache"))
            #expect(first.contains("data-live"))
            for held in [tag, "\"other\", \(tag)", "*"] {
                let again = try await RawConnection.open(port: port).exchange(
                    Array(
                        "GET /live.js HTTP/1.1\r\nHost: x\r\nIf-None-Match: \(held)\r\nConnection: close\r\n\r\n".utf8))
                #expect(again.hasPrefix("HTTP/1.1 304 Not Modified"), "\(held)")
                #expect(!again.contains("data-live"), "\(held)")
            }
            let weak = try await RawConnection.open(port: port).exchange(
                Array("GET /live.js HTTP/1.1\r\nHost: x\r\nIf-None-Match: W/\(tag)\r\nConnection: close\r\n\r\n".utf8))
            #expect(weak.hasPrefix("HTTP/1.1 304 Not Modified"))
            let stale = try await RawConnection.open(port: port).exchange(
                Array("GET /live.js HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"0\"\r\nConnection: close\r\n\r\n".utf8))
            #expect(stale.hasPrefix("HTTP/1.1 200 OK") && stale.contains("data-live"))
        }
    }
}
