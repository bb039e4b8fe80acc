import Hummingbird
import HummingbirdTesting
import Persons
import PersonsTestSupport
import Testing

@testable import PersonsWeb

/// Photos come from the app's own address, cached for good and tagged by their bytes.
@Suite("Photos from the app's own address")
struct PhotoEndpointTests {
    let name = PhotoFile.name(for: "https://example.com/jane.jpg")

    @Test("a kept photo is served with its type, a strong tag and a year of immutable caching")
    func served() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let photo = try await client.execute(uri: "/photos/\(name)", method: .get)
            #expect(photo.status == .ok)
            #expect(photo.headers[.contentType] == "image/png")
            #expect(photo.headers[.eTag] == "\"\(Samples.photo.tag)\"")
            #expect(photo.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(Array(photo.body.readableBytesView) == Samples.photo.bytes)

            for tags in ["\"\(Samples.photo.tag)\"", "\"other\", W/\"\(Samples.photo.tag)\"", "*"] {
                let again = try await client.execute(
                    uri: "/photos/\(name)", method: .get, headers: [.ifNoneMatch: tags])
                #expect(again.status == .notModified, "\(tags)")
                #expect(again.body.readableBytes == 0)
            }
            let changed = try await client.execute(
                uri: "/photos/\(name)", method: .get, headers: [.ifNoneMatch: "\"other\""])
            #expect(changed.status == .ok)
        }
    }

    @Test(
        "an unknown photo, or a name that is not one, is not found",
        arguments: ["0123456789abcdef", "..%2F..%2Fx", "x"])
    func notFound(name: String) async throws {
        let harness = try await WebHarness()
        let status = try await harness.test { client in
            try await client.execute(uri: "/photos/\(name)", method: .get).status
        }
        #expect(status == .notFound)
    }
}
