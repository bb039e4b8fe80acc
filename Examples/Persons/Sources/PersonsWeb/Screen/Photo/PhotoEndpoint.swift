import Hummingbird
import Persons
import PersonsShow

/// The people's photos, from the app's own address: kept beside the database, so they show
/// offline. A photo's address never changes what it shows, so it is cached for a year and
/// tagged (a strong `ETag`) for a browser that asks again.
enum PhotoEndpoint {
    static func register(on router: Router<WebContext>, service: any Serving) {
        let load = service.loadPhotoAction
        router.get("\(SitePath.photos)/:name") { request, context in
            guard let name = context.parameters.get("name"), PhotoFile.isName(name), let photo = await load(name) else {
                throw PageError.notFound
            }
            let tag = "\"\(photo.tag)\""
            var headers: HTTPFields = [.eTag: tag, .cacheControl: "public, max-age=31536000, immutable"]
            if let asked = request.headers[.ifNoneMatch], matches(asked, tag) {
                return Response(status: .notModified, headers: headers)
            }
            headers[.contentType] = photo.type
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: photo.bytes)))
        }
    }

    /// Whether an `If-None-Match` value names `tag` (or is `*`); weak tags compare by their value.
    static func matches(_ ifNoneMatch: String, _ tag: String) -> Bool {
        ifNoneMatch.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || trimmed == tag || trimmed == "W/" + tag
        }
    }
}
